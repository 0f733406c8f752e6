import { tokenResponseSchema } from '@waratah/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../../testing/sign-in.ts';
import { refreshTokenCookies } from './refresh-token-cookie.ts';

const host = 'moneypartner.localhost:8080';
const portal = `http://${host}`;
const client = { client_id: 'moneypartner-adviser-portal', domain: 'moneypartner.com.au' };
const cookieName = refreshTokenCookies.admin;

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
    const rotated = refreshCookie(first)?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(cookie);
    const token = tokenResponseSchema.parse(first.json());
    expect(token.refresh_token).toBeUndefined();
    expect((await details(token.access_token)).statusCode).toBe(200);

    const reused = await refreshByCookie(cookie);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect(refreshCookie(reused)).toMatchObject({ value: '', path: '/oauth' });
    // The reuse ended the whole sign-in: the rotated token and its access token too.
    expect((await details(token.access_token)).statusCode).toBe(401);
    expect((await refreshByCookie(rotated)).statusCode).toBe(400);
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

  it('ends the cookie’s own sign-in on a portal sign-out even when the access token is of another', async () => {
    const { cookie } = await signedInByCookie();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { host, origin: portal, cookie: `${cookieName}=${cookie}` },
      payload: { token: 'some-stale-access-token', ...client },
    });
    expect(response.statusCode).toBe(200);
    expect(refreshCookie(response)?.value).toBe('');
    expect((await refreshByCookie(cookie)).statusCode).toBe(400);
  });
});
