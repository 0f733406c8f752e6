import { oauthErrorBodySchema, tokenResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser } from '../../auth/admin-users/create-admin-user.ts';
import { hashPassword } from '../../auth/passwords/hash-password.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { holdTableLocked, waitForALockWait, withinOrWaited } from '../../testing/lock-wait.ts';
import { createSignedInAdminUser } from '../../testing/sign-in.ts';

const moneypartner = {
  host: 'moneypartner.localhost:8080',
  client_id: 'moneypartner-adviser-portal',
  domain: 'moneypartner.com.au',
};
const password = 'Harbour-Bridge-Climb-2031';

describe('POST /oauth/admin/token', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await createAdminUser(testApp.database.db, {
      tenantId: 'moneypartner',
      email: 'ann.adviser@example.test',
      password,
      givenName: 'Ann',
      familyName: 'Adviser',
      kind: 'adviser',
    });
  });
  afterAll(() => testApp.close());

  function requestToken(payload: Record<string, string>, host = moneypartner.host) {
    return testApp.app.inject({ method: 'POST', url: '/oauth/admin/token', headers: { host }, payload });
  }

  function passwordGrant(overrides: Record<string, string> = {}) {
    const { client_id, domain } = moneypartner;
    return {
      grant_type: 'password',
      username: 'ann.adviser@example.test',
      password,
      client_id,
      domain,
      scope: '',
      ...overrides,
    };
  }

  it('signs in with the password grant and answers a bearer token that is not cached', async () => {
    const response = await requestToken(passwordGrant());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = tokenResponseSchema.parse(response.json());
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(token.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await testApp.database.db.selectFrom('oauth_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token.access_token);
    // The sign-in is in the audit log: who, through which portal, from where.
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .innerJoin('admin_users', 'admin_users.id', 'audit_log.actor_id')
      .select(['admin_users.email', 'audit_log.actor_kind', 'audit_log.target_id', 'audit_log.ip'])
      .where('audit_log.action', '=', 'session.sign_in')
      .execute();
    expect(audited).toEqual([
      {
        email: 'ann.adviser@example.test',
        actor_kind: 'admin_user',
        target_id: moneypartner.client_id,
        ip: '127.0.0.1',
      },
    ]);
  });

  it('reads a form body too', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host: moneypartner.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(passwordGrant()).toString(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with invalid_grant, and audits it against the account named', async () => {
    const failures = () =>
      testApp.database.db
        .selectFrom('audit_log')
        .innerJoin('admin_users', 'admin_users.id', 'audit_log.actor_id')
        .select(['admin_users.email', 'audit_log.target_id', 'audit_log.ip'])
        .where('audit_log.action', '=', 'session.sign_in_failed')
        .execute();
    const before = await failures();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host: moneypartner.host },
      payload: passwordGrant({ password: 'Wrong-Password-123456' }),
      remoteAddress: '198.51.100.23',
    });
    expect(response.statusCode).toBe(400);
    expect(oauthErrorBodySchema.parse(response.json())).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid email or password',
    });
    // An unknown name is refused the same way; it names no account, so it has no row.
    const unknown = await requestToken(passwordGrant({ username: 'nobody@example.test' }));
    expect(unknown.json().error_description).toBe('Invalid email or password');
    // Written after the answer (so that it takes as long as the unknown name's): looked for until it is.
    await expect
      .poll(failures)
      .toEqual([
        ...before,
        { email: 'ann.adviser@example.test', target_id: moneypartner.client_id, ip: '198.51.100.23' },
      ]);
  });

  // Needs a second connection to hold the audit log while the sign-in is answered.
  it.runIf(process.env.DATABASE_URL)(
    'answers a wrong password without waiting for its audit row, as it answers an unknown name',
    async () => {
      const db = testApp.database.db;
      const failuresOf = async (ip: string) =>
        (
          await db
            .selectFrom('audit_log')
            .select('id')
            .where('action', '=', 'session.sign_in_failed')
            .where('ip', '=', ip)
            .execute()
        ).length;
      // No row can be added to the audit log until the test lets go.
      const lock = await holdTableLocked(db, 'audit_log');
      try {
        const answer = testApp.app.inject({
          method: 'POST',
          url: '/oauth/admin/token',
          headers: { host: moneypartner.host },
          payload: passwordGrant({ password: 'Wrong-Password-654321' }),
          remoteAddress: '198.51.100.71',
        });
        // Before 2026-12-01 the answer waited for the row, and so for the lock: it never came.
        expect(
          await withinOrWaited(
            answer.then((response) => response.statusCode),
            10_000,
          ),
        ).toBe(400);
        await waitForALockWait(db, 'The audit row of the wrong password was never written');
      } finally {
        await lock.release();
      }
      await expect.poll(() => failuresOf('198.51.100.71')).toBe(1);
    },
  );

  it("refuses another tenant's client_id or domain with invalid_client", async () => {
    const labs = await requestToken(passwordGrant({ client_id: 'waratahlabs-adviser-portal-staging' }));
    expect(labs.statusCode).toBe(401);
    expect(labs.json().error).toBe('invalid_client');
    const domain = await requestToken(passwordGrant({ domain: 'waratah.com.au' }));
    expect(domain.json().error).toBe('invalid_client');
  });

  it('does not sign a user in on another tenant', async () => {
    const response = await requestToken(
      passwordGrant({
        client_id: 'waratahlabs-adviser-portal-staging',
        domain: 'staging.waratahlabs.com.au',
      }),
      'waratahlabs.localhost:8080',
    );
    expect(response.json().error).toMatch(/invalid_grant|invalid_client/);
  });

  it('names a missing parameter and refuses unknown grants', async () => {
    const missing = await requestToken({ grant_type: 'password', client_id: moneypartner.client_id });
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: username, password, domain',
    });
    const unknown = await requestToken({ grant_type: 'implicit' });
    expect(unknown.json().error).toBe('unsupported_grant_type');
    const code = await requestToken({ grant_type: 'authorization_code', code: 'x' });
    expect(code.json().error).toBe('unsupported_grant_type');
  });

  it('signs clients in at oauth/token, and not admin users', async () => {
    await testApp.database.db
      .insertInto('clients')
      .values({
        tenant_id: 'moneypartner',
        email: 'client@example.test',
        given_name: 'Cli',
        family_name: 'Ent',
        password_hash: await hashPassword(password),
      })
      .execute();
    const url = '/oauth/token';
    const asClient = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { host: moneypartner.host },
      payload: passwordGrant({ username: 'client@example.test' }),
    });
    expect(asClient.statusCode).toBe(200);
    const asAdviser = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { host: moneypartner.host },
      payload: passwordGrant(),
    });
    expect(asAdviser.json().error).toBe('invalid_grant');
  });

  it('signs in the helper user, whose token opens the API', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    expect(signedIn.headers.authorization).toBe(`Bearer ${signedIn.accessToken}`);
    expect(signedIn.externalParty?.status).toBe('enabled');
  });
});
