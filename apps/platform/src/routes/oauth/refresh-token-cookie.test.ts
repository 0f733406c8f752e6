import { tokenResponseSchema } from '@waratah/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../../testing/sign-in.ts';

const host = 'moneypartner.localhost:8080';
const portal = `http://${host}`;
const client = { client_id: 'moneypartner-adviser-portal', domain: 'moneypartner.com.au' };
const cookieName = 'waratah-admin-refresh';

describe('the portal keeps its refresh token in an HttpOnly cookie', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  function signIn(email: string, password: string, headers: Record<string, string> = { origin: portal }) {
    return testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, ...headers },
      payload: {
        grant_type: 'password',
        username: email,
        password,
        refresh_token_delivery: 'cookie',
        scope: '',
        ...client,
      },
    });
  }

  function refreshByCookie(cookie: string | undefined, headers: Record<string, string> = { origin: portal }) {
    return testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, ...headers, ...(cookie && { cookie: `${cookieName}=${cookie}` }) },
      payload: { grant_type: 'refresh_token', ...client },
    });
  }

  function details(accessToken: string) {
    return testApp.app.inject({
      method: 'GET',
      url: '/api/admin/adminusers/details',
      headers: { host, authorization: `Bearer ${accessToken}` },
    });
  }

  function refreshCookie(response: LightMyRequestResponse) {
    return response.cookies.find((cookie) => cookie.name === cookieName);
  }

  /** Whether a refresh token is still unrevoked and unexpired (without spending it). */
  async function isLive(secret: string) {
    const { hashTokenSecret } = await import('../../auth/tokens/token-secret.ts');
    const row = await testApp.database.db
      .selectFrom('oauth_tokens')
      .select(['revoked_at', 'expires_at'])
      .where('token_hash', '=', hashTokenSecret(secret))
      .executeTakeFirst();
    return row !== undefined && row.revoked_at === null && row.expires_at > new Date();
  }

  /** A signed-in adviser whose browser holds the refresh token cookie. */
  async function signedInByCookie() {
    const adviser = await createSignedInAdminUser(testApp.app);
    const response = await signIn(adviser.adminUser.email, adviser.password);
    expect(response.statusCode).toBe(200);
    const cookie = refreshCookie(response)?.value;
    if (!cookie) throw new Error('no refresh token cookie');
    return { adviser, response, cookie };
  }

  it('sets the refresh token as an HttpOnly, SameSite=Strict cookie for the token endpoints, not in the body', async () => {
    const { response } = await signedInByCookie();
    const body = tokenResponseSchema.parse(response.json());
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token).toBeTruthy();
    expect(refreshCookie(response)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/oauth',
      maxAge: testApp.app.authSettings.refreshTokenTtlSeconds,
    });
    expect(refreshCookie(response)?.secure).toBeFalsy();
  });

  it('refuses a cookie to a request without the portal’s Origin, before the password is looked at', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    for (const headers of [
      {} as Record<string, string>,
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const response = await signIn(adviser.adminUser.email, 'not the password', headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_request',
        error_description:
          "The refresh token cookie is only for the tenant's portal: the request's Origin must be the portal's",
      });
      expect(refreshCookie(response)).toBeUndefined();
    }
    const failures = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_kind', '=', 'admin_user')
      .where('actor_id', '=', adviser.adminUser.id)
      .where('action', '=', 'session.sign_in_failed')
      .execute();
    expect(failures).toEqual([]);
  });

  it('refuses an unknown delivery', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, origin: portal },
      payload: {
        grant_type: 'password',
        username: adviser.adminUser.email,
        password: adviser.password,
        refresh_token_delivery: 'header',
        ...client,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token_delivery must be one of body, cookie',
    });
  });

  it('refreshes by the cookie and rotates it; the spent cookie ends the sign-in and is cleared', async () => {
    const { cookie } = await signedInByCookie();
    const first = await refreshByCookie(cookie);
    expect(first.statusCode).toBe(200);
    const successor = refreshCookie(first)?.value;
    expect(successor).toBeTruthy();
    expect(successor).not.toBe(cookie);
    expect(tokenResponseSchema.parse(first.json()).refresh_token).toBeUndefined();
    // Its successor spent too, the first cookie is no longer a retry of a lost answer.
    const second = await refreshByCookie(successor);
    const rotated = refreshCookie(second)?.value;
    const token = tokenResponseSchema.parse(second.json());
    expect((await details(token.access_token)).statusCode).toBe(200);

    const reused = await refreshByCookie(cookie);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect(refreshCookie(reused)).toMatchObject({ value: '', path: '/oauth' });
    // The reuse ended the whole sign-in: the rotated token and its access token too.
    expect((await details(token.access_token)).statusCode).toBe(401);
    expect((await refreshByCookie(rotated)).statusCode).toBe(400);
  });

  it('answers the cookie again when the answer that rotated it was lost, setting the same cookie', async () => {
    const { cookie } = await signedInByCookie();
    const lost = await refreshByCookie(cookie);
    expect(lost.statusCode).toBe(200);
    const retried = await refreshByCookie(cookie);
    expect(retried.statusCode).toBe(200);
    const kept = refreshCookie(retried)?.value;
    expect(kept).toBeTruthy();
    expect(kept).toBe(refreshCookie(lost)?.value);
    expect((await details(tokenResponseSchema.parse(retried.json()).access_token)).statusCode).toBe(200);
    expect((await refreshByCookie(kept)).statusCode).toBe(200);
  });

  it('spends no cookie for a request without the portal’s Origin', async () => {
    const { cookie } = await signedInByCookie();
    for (const headers of [{} as Record<string, string>, { origin: 'https://evil.example' }]) {
      const refused = await refreshByCookie(cookie, headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_request' });
      expect(refreshCookie(refused)).toBeUndefined();
    }
    expect((await refreshByCookie(cookie)).statusCode).toBe(200);
  });

  describe('on the hosted API hosts, beside the portal domains', () => {
    const production = { client_id: 'moneypartner-adviser-portal', domain: 'moneypartner.com.au' };
    const signInThrough = (apiHost: string, origin: string, login: Record<string, string> = production) =>
      testApp.app.inject({
        method: 'POST',
        url: '/oauth/admin/token',
        headers: { host: apiHost, origin },
        payload: {
          grant_type: 'password',
          username: 'nobody@example.test',
          password: 'x',
          ...login,
          refresh_token_delivery: 'cookie',
        },
      });
    const originRefused = {
      error: 'invalid_request',
      error_description:
        "The refresh token cookie is only for the tenant's portal: the request's Origin must be the portal's",
    };

    it("takes the environment's portal domain through its API host, and the secondary through the secondary", async () => {
      const adviser = await createSignedInAdminUser(testApp.app);
      const login = { ...production, username: adviser.adminUser.email, password: adviser.password };
      for (const [apiHost, origin] of [
        ['api.moneypartner.com.au', 'https://portal.moneypartner.com.au'],
        ['api2.moneypartner.com.au', 'https://advisers.moneypartner.com.au'],
      ] as const) {
        const response = await signInThrough(apiHost, origin, login);
        expect(response.statusCode, apiHost).toBe(200);
        expect(refreshCookie(response)?.httpOnly).toBe(true);
      }
    });

    it("refuses another portal's origin, a sibling host's and another tenant's, before the password", async () => {
      for (const [apiHost, origin, login] of [
        // The secondary domain through the main API host, and the reverse.
        ['api.moneypartner.com.au', 'https://advisers.moneypartner.com.au', production],
        ['api2.moneypartner.com.au', 'https://portal.moneypartner.com.au', production],
        // Another environment's portal, and a sibling host of the same site.
        ['api.moneypartner.com.au', 'https://portal.staging.moneypartner.com.au', production],
        ['api.moneypartner.com.au', 'https://www.moneypartner.com.au', production],
        // The API host's own origin: no portal is served there.
        ['api.moneypartner.com.au', 'http://api.moneypartner.com.au', production],
      ] as const) {
        const response = await signInThrough(apiHost, origin, login);
        expect(response.statusCode, `${apiHost} ${origin}`).toBe(400);
        expect(response.json()).toEqual(originRefused);
      }
      // A tenant's API host names its tenant and environment: another tenant's client, or another
      // environment's, is unknown there (since 2026-12-02; before, any was taken on an API host).
      for (const [apiHost, origin, login] of [
        [
          'api.staging.waratahlabs.com.au',
          'https://portal.waratah.com.au',
          { client_id: 'waratah-adviser-portal', domain: 'waratah.com.au' },
        ],
        [
          'api.moneypartner.com.au',
          'https://portal.sandbox.moneypartner.com.au',
          { client_id: 'moneypartner-adviser-portal-sandbox', domain: 'sandbox.moneypartner.com.au' },
        ],
      ] as const) {
        const response = await signInThrough(apiHost, origin, login);
        expect(response.statusCode, `${apiHost} ${login.client_id}`).toBe(401);
        expect(response.json().error).toBe('invalid_client');
      }
    });

    it("refuses another tenant's client on a tenant's own portal host", async () => {
      const response = await signInThrough('waratahlabs.localhost:8080', 'http://waratahlabs.localhost:8080');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'invalid_client' });
      const own = await signInThrough('localhost:8080', 'http://localhost:8080');
      expect(own.json()).toMatchObject({ error: expect.stringMatching(/invalid_client|invalid_request/) });
      expect(refreshCookie(own)).toBeUndefined();
    });

    it('signs out through the API host: the cookie is revoked and cleared for its own portal only', async () => {
      const adviser = await createSignedInAdminUser(testApp.app);
      const signedIn = await testApp.app.inject({
        method: 'POST',
        url: '/oauth/admin/token',
        headers: { host: 'api.moneypartner.com.au', origin: 'https://portal.moneypartner.com.au' },
        payload: {
          grant_type: 'password',
          username: adviser.adminUser.email,
          password: adviser.password,
          ...production,
          refresh_token_delivery: 'cookie',
        },
      });
      const cookie = refreshCookie(signedIn)?.value ?? '';
      const revoke = (origin: string, named: Record<string, string>) =>
        testApp.app.inject({
          method: 'POST',
          url: '/oauth/revoke',
          headers: { host: 'api.moneypartner.com.au', origin, cookie: `${cookieName}=${cookie}` },
          payload: { token: signedInElsewhere.accessToken, ...named },
        });
      // Another tenant's portal, or no client named: the cookie is left alone, and still live.
      let signedInElsewhere = await createSignedInAdminUser(testApp.app, {
        email: `x${adviser.adminUser.email}`,
      });
      for (const [origin, named] of [
        ['https://portal.waratah.com.au', { client_id: 'waratah-adviser-portal', domain: 'waratah.com.au' }],
        ['https://portal.moneypartner.com.au', {}],
      ] as const) {
        const refused = await revoke(origin, named);
        expect(refused.statusCode).toBe(200);
        expect(refreshCookie(refused)).toBeUndefined();
      }
      expect(await isLive(cookie)).toBe(true);
      // Another person's sign-out through the portal does not end this browser's cookie either.
      const someoneElse = await revoke('https://portal.moneypartner.com.au', production);
      expect(refreshCookie(someoneElse)).toBeUndefined();
      expect(await isLive(cookie)).toBe(true);
      // The same adviser's sign-out, with the access token of another sign-in of theirs, does.
      signedInElsewhere = adviser;
      const signedOut = await revoke('https://portal.moneypartner.com.au', production);
      expect(refreshCookie(signedOut)?.value).toBe('');
      const spent = await testApp.app.inject({
        method: 'POST',
        url: '/oauth/admin/token',
        headers: {
          host: 'api.moneypartner.com.au',
          origin: 'https://portal.moneypartner.com.au',
          cookie: `${cookieName}=${cookie}`,
        },
        payload: { grant_type: 'refresh_token', ...production },
      });
      expect(spent.json()).toMatchObject({ error: 'invalid_grant' });
    });
  });

  it('asks for the refresh token when there is neither a cookie nor one in the body', async () => {
    const response = await refreshByCookie(undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: refresh_token',
    });
  });

  it('signing out from the portal ends the cookie’s sign-in and clears the cookie', async () => {
    const { cookie, response } = await signedInByCookie();
    const { access_token } = tokenResponseSchema.parse(response.json());
    const revoke = (headers: Record<string, string>) =>
      testApp.app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: { host, cookie: `${cookieName}=${cookie}`, ...headers },
        payload: { token: access_token, token_type_hint: 'access_token', ...client },
      });

    // Without the portal's Origin the access token is revoked, but the cookie is left alone.
    const foreign = await revoke({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(200);
    expect(refreshCookie(foreign)).toBeUndefined();

    const signedOut = await revoke({ origin: portal });
    expect(signedOut.statusCode).toBe(200);
    expect(refreshCookie(signedOut)).toMatchObject({ value: '', path: '/oauth', httpOnly: true });
    expect((await details(access_token)).statusCode).toBe(401);
    expect((await refreshByCookie(cookie)).statusCode).toBe(400);
  });

  it('ends the cookie’s sign-in on a portal sign-out with the access token of another sign-in of the same adviser', async () => {
    const { adviser, cookie } = await signedInByCookie();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { host, origin: portal, cookie: `${cookieName}=${cookie}` },
      payload: { token: adviser.accessToken, ...client },
    });
    expect(response.statusCode).toBe(200);
    expect(refreshCookie(response)?.value).toBe('');
    expect(await isLive(cookie)).toBe(false);
  });

  it("leaves the cookie alone when the token revoked is someone else's, or unknown", async () => {
    const { cookie } = await signedInByCookie();
    const someoneElse = await createSignedInAdminUser(testApp.app);
    for (const token of [someoneElse.accessToken, 'no-such-token']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: { host, origin: portal, cookie: `${cookieName}=${cookie}` },
        payload: { token, ...client },
      });
      expect(response.statusCode).toBe(200);
      expect(refreshCookie(response)).toBeUndefined();
    }
    expect(await isLive(cookie)).toBe(true);
  });

  it('takes a refresh token in the body over the cookie, and leaves the cookie as it was', async () => {
    const { cookie } = await signedInByCookie();
    const other = await createSignedInAdminUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, origin: portal, cookie: `${cookieName}=${cookie}` },
      payload: { grant_type: 'refresh_token', refresh_token: other.refreshToken, ...client },
    });
    expect(response.statusCode).toBe(200);
    expect(tokenResponseSchema.parse(response.json()).refresh_token).toBeTruthy();
    expect(refreshCookie(response)).toBeUndefined();
    expect(await isLive(cookie)).toBe(true);
  });

  it('refuses the cookie to client_credentials, which issues no refresh token', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, origin: portal },
      payload: {
        grant_type: 'client_credentials',
        client_secret: 'x',
        refresh_token_delivery: 'cookie',
        ...client,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expect(response.json().error_description).toMatch(/client_credentials issues no refresh token/);
  });
});
