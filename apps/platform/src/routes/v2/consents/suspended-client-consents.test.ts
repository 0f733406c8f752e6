import { consentListResponseSchema, tokenResponseSchema } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { tenantHost } from '../../../testing/sign-in.ts';
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
    const signIn = (scope: string, password = clientPassword) => {
      const { oauth } = resolveTenant({ host }).envConfig;
      return testApp.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { host },
        payload: {
          grant_type: 'password',
          username: email,
          password,
          client_id: oauth.clientId,
          domain: oauth.domain,
          scope,
        },
      });
    };
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
    expect((await signIn('consents openid')).json().error_description).toBe('This account is suspended');
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
      expect([method, url, refusedCall.statusCode]).toEqual([method, url, 401]);
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
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_kind', '=', 'client')
      .where('actor_id', '=', fixture.clientId)
      .where('action', 'like', 'session.%')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => row.action)).toContain('session.sign_in_suspended');
  });
});
