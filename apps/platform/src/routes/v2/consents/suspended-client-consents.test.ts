import { consentListResponseSchema, tokenResponseSchema } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { clientPasswordSignIn, tenantHost } from '../../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

const clientPassword = 'Suspended-Client-Password-42';

// Before 2026-12-02 a suspended client could not sign in at all, so could not withdraw a consent
// while the practice that suspended them went on reading their data until the consent expired.
describe('a suspended client withdraws their consents', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  /** The sign-in audit rows of a client, oldest first. */
  async function sessionActions(clientId: number): Promise<string[]> {
    const rows = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_kind', '=', 'client')
      .where('actor_id', '=', clientId)
      .where('action', 'like', 'session.%')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.action);
  }

  /** A practice's client who has signed up (a password), each test its own. */
  async function clientWithAccount() {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const host = tenantHost(fixture.adviser.adminUser.tenant_id as TenantId);
    const { email } = await testApp.database.db
      .updateTable('clients')
      .set({ password_hash: await hashPassword(clientPassword) })
      .where('id', '=', fixture.clientId)
      .returning('email')
      .executeTakeFirstOrThrow();
    const signIn = (scope: string, password = clientPassword) =>
      clientPasswordSignIn(testApp.app, { host, email, password, scope });
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
      testApp.app.inject({
        method,
        url,
        headers: { host, authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    const setStatus = async (status: 'active' | 'suspended') => {
      const answer = await testApp.app.inject({
        method: 'PUT',
        url: `/api/adviser/users/${fixture.clientId}`,
        headers: { ...fixture.adviser.headers, 'x-external-party-id': String(fixture.partyId) },
        payload: { status },
      });
      expect(answer.statusCode).toBe(200);
    };
    return { fixture, signIn, call, setStatus };
  }

  it('ends the client’s sign-ins at the suspension and at its end: only a new sign-in reaches anything', async () => {
    const { signIn, call, setStatus } = await clientWithAccount();
    const before = tokenResponseSchema.parse((await signIn('')).json()).access_token;
    expect((await call('GET', '/api/v2/user/details', before)).statusCode).toBe(200);
    await setStatus('suspended');
    expect((await call('GET', '/api/v2/user/details', before)).statusCode).toBe(401);
    expect((await call('GET', '/api/v2/consents', before)).statusCode).toBe(401);

    const consentsOnly = tokenResponseSchema.parse((await signIn('consents')).json()).access_token;
    expect((await call('GET', '/api/v2/consents', consentsOnly)).statusCode).toBe(200);
    await setStatus('active');
    // A token for the consents alone does not outlive the suspension, to reach everything after it.
    expect((await call('GET', '/api/v2/user/details', consentsOnly)).statusCode).toBe(401);
    const after = tokenResponseSchema.parse((await signIn('')).json()).access_token;
    expect((await call('GET', '/api/v2/user/details', after)).statusCode).toBe(200);
  });

  it('signs in for their consents alone, sees them and withdraws one; the practice loses access', async () => {
    const { fixture, signIn, call, setStatus } = await clientWithAccount();
    const practiceRead = () => testApp.app.inject({ url: '/api/v2/accounts', headers: fixture.headers });
    expect((await practiceRead()).statusCode).toBe(200);
    await setStatus('suspended');
    // The practice reads on while the consent runs ("Their consent and the data they share with
    // you stay as they are").
    expect((await practiceRead()).statusCode).toBe(200);
    // Signing in as usual is refused, as before; a wrong password says nothing of the suspension.
    const refused = await signIn('');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'This account is suspended',
    });
    // A scope the platform does not know is refused as such (RFC 6749 §5.2), before the password.
    expect((await signIn('consents openid')).json()).toMatchObject({
      error: 'invalid_scope',
      error_description:
        "Unknown scope 'openid': leave scope empty for the whole account, or ask a client's password sign-in for 'consents' alone",
    });
    expect((await signIn('consents', 'Not-The-Password-42')).json().error_description).toBe(
      'Invalid email or password',
    );

    const answer = await signIn('consents');
    expect(answer.statusCode).toBe(200);
    const tokens = tokenResponseSchema.parse(answer.json());
    expect(tokens.scope).toBe('consents');
    expect(tokens.refresh_token).toBeUndefined();
    const token = tokens.access_token;
    for (const [method, url] of [
      ['GET', '/api/v2/user/details'],
      ['GET', '/api/v2/accounts'],
      ['GET', '/api/v2/transactions'],
      ['POST', '/api/v2/consents'],
    ] as const) {
      const refusedCall = await call(method, url, token, method === 'POST' ? {} : undefined);
      // 403, not 401: the token is good, and signing in again would not make it reach more.
      expect([method, url, refusedCall.statusCode]).toEqual([method, url, 403]);
      expect(refusedCall.json().error).toMatchObject({
        error_code: 'F0203',
        error_type: 'insufficient_scope',
      });
      expect(refusedCall.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
    }
    // What any caller may read, the consents' durations among it, it reads too.
    expect((await call('GET', '/api/v2/config/cdr', token)).statusCode).toBe(200);

    const listed = consentListResponseSchema.parse(
      (await call('GET', '/api/v2/consents', token)).json(),
    ).data;
    expect(listed.map((consent) => consent.status)).toEqual(['in_use']);
    const id = listed[0]?.id ?? 0;
    expect((await call('GET', `/api/v2/consents/${id}`, token)).statusCode).toBe(200);
    const withdrawn = await call('DELETE', `/api/v2/consents/${id}`, token);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.status).toBe('withdrawn');

    expect((await practiceRead()).statusCode).toBe(404);
    expect(await sessionActions(fixture.clientId)).toContain('session.sign_in_suspended');
  });

  it('gives an active client who asks for their consents alone a token that reaches only those, and says so', async () => {
    const { fixture, signIn, call } = await clientWithAccount();
    const answer = await signIn('consents');
    expect(answer.statusCode).toBe(200);
    const tokens = tokenResponseSchema.parse(answer.json());
    // RFC 6749 §5.1: the scope issued is named, and it is the one asked for.
    expect(tokens.scope).toBe('consents');
    expect(tokens.refresh_token).toBeUndefined();
    expect((await call('GET', '/api/v2/consents', tokens.access_token)).statusCode).toBe(200);
    const details = await call('GET', '/api/v2/user/details', tokens.access_token);
    expect(details.statusCode).toBe(403);
    expect(details.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
    // A sign-in for the whole account says no scope: it is the whole account.
    const whole = (await signIn('')).json();
    expect(whole.scope).toBeUndefined();
    expect((await call('GET', '/api/v2/user/details', whole.access_token)).statusCode).toBe(200);
    expect(await sessionActions(fixture.clientId)).toEqual(['session.sign_in', 'session.sign_in']);
  });

  it('keeps a token for the consents alone limited when the suspension ends after it was issued', async () => {
    const { fixture, signIn, call, setStatus } = await clientWithAccount();
    await setStatus('suspended');
    const token = tokenResponseSchema.parse((await signIn('consents')).json()).access_token;
    // The lift commits between the sign-in's read of the status and its token's insert: the lift's
    // revocation did not see the token, which is then held by an active client.
    await testApp.database.db
      .updateTable('clients')
      .set({ status: 'active', suspended_by_party_id: null, suspended_from: null })
      .where('id', '=', fixture.clientId)
      .execute();
    expect((await call('GET', '/api/v2/consents', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/v2/user/details', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/accounts', token)).statusCode).toBe(403);
  });

  it('refuses a scope no token of that request can have', async () => {
    const { fixture, signIn } = await clientWithAccount();
    const host = tenantHost(fixture.adviser.adminUser.tenant_id as TenantId);
    const { oauth } = resolveTenant({ host }).envConfig;
    const refusal = async (url: string, payload: object) => {
      const answer = await testApp.app.inject({ method: 'POST', url, headers: { host }, payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['cache-control']).toBe('no-store');
      return answer.json();
    };
    expect(
      await refusal('/oauth/token', {
        grant_type: 'password',
        username: 'x',
        password: 'y',
        client_id: oauth.clientId,
        domain: oauth.domain,
        scope: 'admin',
      }),
    ).toEqual({
      error: 'invalid_scope',
      error_description:
        "Unknown scope 'admin': leave scope empty for the whole account, or ask a client's password sign-in for 'consents' alone",
    });
    // An adviser's sign-in reaches their account: there is no consents-only one.
    expect(
      await refusal('/oauth/admin/token', {
        grant_type: 'password',
        username: fixture.adviser.adminUser.email,
        password: 'whatever',
        client_id: oauth.clientId,
        domain: oauth.domain,
        scope: 'consents',
      }),
    ).toEqual({
      error: 'invalid_scope',
      error_description: "Scope 'consents' is a client's password sign-in's: leave scope empty",
    });
    const { refresh_token } = tokenResponseSchema.parse((await signIn('')).json());
    expect(
      await refusal('/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token,
        client_id: oauth.clientId,
        domain: oauth.domain,
        scope: 'consents',
      }),
    ).toMatchObject({ error: 'invalid_scope' });
    // The refresh token was not spent by the refused request.
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { host },
      payload: {
        grant_type: 'refresh_token',
        refresh_token,
        client_id: oauth.clientId,
        domain: oauth.domain,
      },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('names the bearer scheme and the error on a refusal of the caller (RFC 6750 §3)', async () => {
    const { fixture } = await clientWithAccount();
    const host = tenantHost(fixture.adviser.adminUser.tenant_id as TenantId);
    const dead = await testApp.app.inject({
      url: '/api/v2/user/details',
      headers: { host, authorization: 'Bearer not-a-token' },
    });
    expect(dead.statusCode).toBe(401);
    expect(dead.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const none = await testApp.app.inject({ url: '/api/v2/user/details', headers: { host } });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
  });
});
