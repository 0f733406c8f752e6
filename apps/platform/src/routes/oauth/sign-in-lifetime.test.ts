import { tokenResponseSchema } from '@waratah/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTokenSecret } from '../../auth/tokens/token-secret.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../../testing/sign-in.ts';

const host = 'moneypartner.localhost:8080';
const portal = `http://${host}`;
const client = { client_id: 'moneypartner-adviser-portal', domain: 'moneypartner.com.au' };
const cookieName = 'waratah-admin-refresh';
const day = 24 * 3600;

/**
 * A password tenant's sign-in lasts the refresh token lifetime from the sign-in, however often it
 * is refreshed: each refresh token keeps what was left of the first one's, as the identity's do
 * (docs/authentication.md, "Tokens"). Time is moved on by moving the adviser's tokens' times back.
 */
describe('the lifetime of a password sign-in', () => {
  let testApp: TestApp;
  let ttlSeconds: number;

  beforeAll(async () => {
    testApp = await buildTestApp();
    ttlSeconds = testApp.app.authSettings.refreshTokenTtlSeconds;
  });
  afterAll(() => testApp.close());

  /** `seconds` pass for the admin user's tokens: their issue, expiry and revocation move back by as much. */
  async function timePasses(adminUserId: number, seconds: number) {
    const back = (column: 'expires_at' | 'created_at' | 'revoked_at') =>
      sql<Date>`${sql.ref(column)} - ${`${seconds} seconds`}::interval`;
    await testApp.database.db
      .updateTable('oauth_tokens')
      .set({ expires_at: back('expires_at'), created_at: back('created_at'), revoked_at: back('revoked_at') })
      .where('subject_kind', '=', 'admin_user')
      .where('subject_id', '=', adminUserId)
      .execute();
  }

  async function expiryOf(secret: string | undefined): Promise<number | undefined> {
    const row = await testApp.database.db
      .selectFrom('oauth_tokens')
      .select('expires_at')
      .where('token_hash', '=', hashTokenSecret(secret ?? ''))
      .executeTakeFirst();
    return row?.expires_at.getTime();
  }

  function refresh(refreshToken: string | undefined) {
    return testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host },
      payload: { grant_type: 'refresh_token', refresh_token: refreshToken ?? '', ...client },
    });
  }

  function refreshByCookie(cookie: string | undefined) {
    return testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, origin: portal, ...(cookie && { cookie: `${cookieName}=${cookie}` }) },
      payload: { grant_type: 'refresh_token', ...client },
    });
  }

  function refreshCookie(response: LightMyRequestResponse) {
    return response.cookies.find((cookie) => cookie.name === cookieName);
  }

  it('refuses the refresh after the refresh token lifetime from the sign-in, however often it was refreshed', {
    timeout: 20_000,
  }, async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const ends = await expiryOf(adviser.refreshToken);
    let refreshToken: string | undefined = adviser.refreshToken;
    // Refreshed every 10 days: each refresh token ends when the first one did.
    for (const passed of [10 * day, 20 * day]) {
      await timePasses(adviser.adminUser.id, 10 * day);
      const refreshed = await refresh(refreshToken);
      expect(refreshed.statusCode).toBe(200);
      refreshToken = tokenResponseSchema.parse(refreshed.json()).refresh_token;
      // Its expiry as the first one's now reads, the time having passed.
      expect.soft(await expiryOf(refreshToken)).toBe((ends ?? 0) - passed * 1000);
    }
    // The sign-in is now 20 days old: 10 more and it has ended, refreshed or not.
    await timePasses(adviser.adminUser.id, 10 * day + 1);
    const ended = await refresh(refreshToken);
    expect(ended.statusCode).toBe(400);
    expect(ended.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid, has expired or was revoked',
    });
  });

  it('answers a retry of the sign-in’s last refresh that comes once it has ended as expired, not as a leak', {
    timeout: 20_000,
  }, async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    // Five seconds before the sign-in ends, its last refresh; the answer is lost.
    await timePasses(adviser.adminUser.id, ttlSeconds - 5);
    const refreshed = await refresh(adviser.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const { access_token } = tokenResponseSchema.parse(refreshed.json());
    // Its retry seven seconds later, within the grace, the sign-in ended two seconds before.
    await timePasses(adviser.adminUser.id, 7);
    const retried = await refresh(adviser.refreshToken);

    expect(retried.statusCode).toBe(400);
    expect(retried.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid, has expired or was revoked',
    });
    const reuses = await testApp.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'session.refresh_reused')
      .where('actor_id', '=', adviser.adminUser.id)
      .execute();
    expect(reuses).toEqual([]);
    // The last access token lives its hour, as any sign-in's last one does.
    const details = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/adminusers/details',
      headers: { host, authorization: `Bearer ${access_token}` },
    });
    expect(details.statusCode).toBe(200);
  });

  it('gives the cookie of a refresh near the end of the sign-in only what is left of it, and then refuses it', {
    timeout: 20_000,
  }, async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, origin: portal },
      payload: {
        grant_type: 'password',
        username: adviser.adminUser.email,
        password: adviser.password,
        refresh_token_delivery: 'cookie',
        scope: '',
        ...client,
      },
    });
    expect(refreshCookie(signedIn)?.maxAge).toBe(ttlSeconds);
    const first = refreshCookie(signedIn)?.value;
    // Ten minutes before the sign-in's lifetime is up.
    await timePasses(adviser.adminUser.id, ttlSeconds - 600);
    const refreshed = await refreshByCookie(first);
    expect(refreshed.statusCode).toBe(200);
    const successor = refreshCookie(refreshed);
    expect(successor?.maxAge).toBeGreaterThan(0);
    expect(successor?.maxAge).toBeLessThanOrEqual(600);
    expect(await expiryOf(successor?.value)).toBe(await expiryOf(first));
    // The same answer again for a retry of it (its answer lost), the cookie's life too.
    const retried = refreshCookie(await refreshByCookie(first));
    expect(retried?.value).toBe(successor?.value);
    expect(retried?.maxAge).toBeLessThanOrEqual(600);
    // An hour later the sign-in has ended: refused, and the cookie cleared.
    await timePasses(adviser.adminUser.id, 3600);
    const ended = await refreshByCookie(successor?.value);
    expect(ended.statusCode).toBe(400);
    expect(refreshCookie(ended)?.value).toBe('');
  });
});
