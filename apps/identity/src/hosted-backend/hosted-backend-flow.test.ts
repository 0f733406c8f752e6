import { getTenant } from '@waratah/tenants';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIdentityTestApp,
  type IdentityTestApp,
  portalOrigin,
  sdkLoginQuery,
  waratahClientId,
} from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

/** Signs in through the hosted backend as the portal's hosted-backend client drives it; answers the last hop. */
async function signIn(browser: TestBrowser, email: string, password: string) {
  const loginPage = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
  const action = /action="([^"]+\/login)"/.exec(loginPage.response.body)?.[1];
  if (!action) throw new Error(`no login form: ${loginPage.response.body}`);
  return browser.follow(action, { method: 'POST', form: { email, password } });
}

describe('FusionAuth hosted backend', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  it('signs in, returns the user with roles, refreshes and signs out', async () => {
    const browser = new TestBrowser(testApp.app);
    const login = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(login.response.statusCode).toBe(200);
    expect(login.url).toMatch(/\/oauth2\/interaction\/[\w-]+$/);
    expect(login.response.body).toContain('<h1>Sign in</h1>');
    expect(login.response.body).toContain('--tenant-primary: #a4133c');

    const done = await signIn(browser, testApp.adviser.email, testApp.adviser.password);
    expect(done.url).toBe(`${portalOrigin}/auth-callback?state=portal-state`);
    const set = new Map(done.response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(set.get('app.at')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set.get('app.rt')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set.get('app.idt')?.httpOnly).toBeFalsy();
    expect(set.get('app.at_exp')?.httpOnly).toBeFalsy();
    // The sign-in's binding went with its callback; the page opened first and left keeps its own
    // until it expires (ten minutes), as another tab's sign-in would.
    expect([...browser.cookies.keys()].filter((name) => name.startsWith('app.tx'))).toHaveLength(1);

    const accessToken = decodeJwt(browser.cookie('app.at') ?? '');
    expect(accessToken).toMatchObject({
      sub: String(testApp.adviser.id),
      aud: 'urn:waratah:platform-api',
      iss: 'http://localhost:8080/oauth2',
      roles: ['adviser'],
    });
    // The session it was issued under, by which a sign-out refuses it before it expires.
    const session = await testApp.identityDb
      .selectFrom('identity_store')
      .select('uid')
      .where('model', '=', 'Session')
      .where('id', '=', browser.cookie('_session') ?? '')
      .executeTakeFirstOrThrow();
    expect(accessToken.sid).toBe(session.uid);
    expect(Number(browser.cookie('app.at_exp'))).toBe(accessToken.exp);
    expect(decodeJwt(browser.cookie('app.idt') ?? '')).toMatchObject({
      email: testApp.adviser.email,
      roles: ['adviser'],
      aud: waratahClientId,
    });

    const me = await browser.request('/app/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      sub: String(testApp.adviser.id),
      email: testApp.adviser.email,
      given_name: 'Ada',
      roles: ['adviser'],
    });

    const oldAccess = browser.cookie('app.at');
    const oldRefresh = browser.cookie('app.rt');
    const refreshed = await browser.request(`/app/refresh/?client_id=${waratahClientId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(browser.cookie('app.at')).not.toBe(oldAccess);
    expect(browser.cookie('app.rt')).not.toBe(oldRefresh);
    expect(decodeJwt(browser.cookie('app.at') ?? '').sid).toBe(session.uid);
    expect((await browser.request('/app/me/')).statusCode).toBe(200);
    // A copy of the access tokens, taken before the sign-out.
    const copied = new TestBrowser(testApp.app);
    copied.cookies.set('app.at', { value: browser.cookie('app.at') ?? '', path: '/' });
    expect((await copied.request('/app/me/')).statusCode).toBe(200);
    const before = new TestBrowser(testApp.app);
    before.cookies.set('app.at', { value: oldAccess ?? '', path: '/' });

    const reused = new TestBrowser(testApp.app);
    reused.cookies.set('app.rt', { value: oldRefresh ?? '', path: '/' });
    const replay = await reused.request(`/app/refresh/?client_id=${waratahClientId}`, { method: 'POST' });
    expect(replay.statusCode).toBe(401);

    const logout = await browser.request(
      `/app/logout/?client_id=${waratahClientId}&post_logout_redirect_uri=${encodeURIComponent(`${portalOrigin}/`)}`,
    );
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe(`${portalOrigin}/`);
    for (const name of ['app.at', 'app.rt', 'app.idt', 'app.at_exp'])
      expect(browser.cookie(name)).toBeUndefined();
    expect((await browser.request('/app/me/')).statusCode).toBe(401);
    // The sign-out ended the session: its access tokens are refused before they expire.
    expect((await copied.request('/app/me/')).statusCode).toBe(401);
    expect((await before.request('/app/me/')).statusCode).toBe(401);
    const afterLogout = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(afterLogout.response.body).toContain('<h1>Sign in</h1>');
    // A new sign-in is a new session, whose tokens are accepted.
    await signIn(browser, testApp.adviser.email, testApp.adviser.password);
    expect(decodeJwt(browser.cookie('app.at') ?? '').sid).not.toBe(session.uid);
    expect((await browser.request('/app/me/')).statusCode).toBe(200);
  });

  it('asks before signing out when sent from another site, and signs out on the answer sent from here', async () => {
    const browser = new TestBrowser(testApp.app);
    await signIn(browser, testApp.adviser.email, testApp.adviser.password);
    const query = `client_id=${waratahClientId}&post_logout_redirect_uri=${encodeURIComponent(`${portalOrigin}/`)}`;
    const signedIn = async () => (await browser.request('/app/me/')).statusCode === 200;

    // A link on another site: the cookies go with a top-level GET (SameSite=Lax), so the sign-out
    // asks first and ends nothing.
    const asked = await browser.request(`/app/logout/?${query}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<h1>Sign out</h1><p>Do you want to sign out?</p>');
    expect(asked.body).toContain(
      `<form method="post" action="/app/logout/?${query.replaceAll('&', '&amp;')}">`,
    );
    expect(asked.body).toContain(`<a href="${portalOrigin}/">Back to the Waratah Adviser Portal</a>`);
    expect(asked.headers['set-cookie']).toBeUndefined();
    expect(await signedIn()).toBe(true);
    // Its answer must come from this origin's page, not even from another host of the site.
    for (const site of ['cross-site', 'same-site']) {
      const forged = await browser.request(`/app/logout/?${query}`, {
        method: 'POST',
        form: { logout: 'yes' },
        headers: { 'sec-fetch-site': site },
      });
      expect(forged.statusCode, site).toBe(403);
      expect(forged.body).toContain('This form can only be sent from this site.');
      expect(await signedIn(), site).toBe(true);
    }

    const answered = await browser.request(`/app/logout/?${query}`, {
      method: 'POST',
      form: { logout: 'yes' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(answered.statusCode).toBe(302);
    expect(answered.headers.location).toBe(`${portalOrigin}/`);
    expect(await signedIn()).toBe(false);
    // Signed out, nothing is left to protect: another site's link just returns to the portal.
    const again = await browser.request(`/app/logout/?${query}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(again.statusCode).toBe(302);

    // The portal served on this origin or on another host of the site (hosted, portal. beside
    // auth.), or an address typed in, signs out at once.
    for (const site of ['same-origin', 'same-site', 'none']) {
      await signIn(browser, testApp.adviser.email, testApp.adviser.password);
      const direct = await browser.request(`/app/logout/?${query}`, { headers: { 'sec-fetch-site': site } });
      expect(direct.statusCode, site).toBe(302);
      expect(await signedIn(), site).toBe(false);
    }
  });

  it("sets the session's cookies on the environment's cookie domain on a hosted host, and clears them there", async () => {
    // The production sign-in host: the portal (portal.) and the API (api.) must get its cookies.
    const browser = new TestBrowser(testApp.app, 'http://auth.waratah.com.au');
    const clientId = getTenant('waratah').envConfig.production?.fusionAuth?.clientId ?? '';
    const portal = 'https://portal.waratah.com.au';
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${portal}/auth-callback`,
      state: 's',
    });
    const loginPage = await browser.follow(`/app/login/?${query}`);
    const action = /action="([^"]+\/login)"/.exec(loginPage.response.body)?.[1] ?? '';
    const done = await browser.follow(action, {
      method: 'POST',
      form: { email: testApp.adviser.email, password: testApp.adviser.password },
    });
    expect(done.url).toBe(`${portal}/auth-callback?state=s`);
    const tokenCookieNames = ['app.at', 'app.at_exp', 'app.idt', 'app.rt'];
    const domains = (cookies: { name: string; domain?: string }[]) =>
      new Map(
        cookies.filter((set) => tokenCookieNames.includes(set.name)).map((set) => [set.name, set.domain]),
      );
    // The access token and its expiry for the API and the portal; the refresh and ID tokens stay
    // on the sign-in host, which alone reads them.
    const shared = new Map([
      ['app.at', 'waratah.com.au'],
      ['app.at_exp', 'waratah.com.au'],
      ['app.idt', undefined],
      ['app.rt', undefined],
    ]);
    const setNow = (cookies: { name: string; domain?: string; value: string }[]) =>
      domains(cookies.filter((set) => set.value !== ''));
    expect(setNow(done.response.cookies)).toEqual(shared);
    // A copy of the shared ones left on the host alone (by a deployment without the domain) is cleared.
    const hostOnlyCleared = (cookies: { name: string; domain?: string; value: string }[]) =>
      cookies.filter((set) => set.value === '' && set.domain === undefined).map((set) => set.name);
    expect(hostOnlyCleared(done.response.cookies)).toEqual(expect.arrayContaining(['app.at', 'app.at_exp']));
    const refreshed = await browser.request(`/app/refresh/?client_id=${clientId}`, { method: 'POST' });
    expect(refreshed.statusCode).toBe(200);
    expect(setNow(refreshed.cookies)).toEqual(shared);

    const logout = await browser.request(`/app/logout/?client_id=${clientId}`);
    expect(logout.statusCode).toBe(302);
    // Back to the portal: the sign-in host serves none.
    expect(logout.headers.location).toBe(`${portal}/`);
    // Cleared on the domain, and on the host alone (where a deployment without a domain set them).
    const cleared = (logout.cookies as { name: string; domain?: string; value: string }[]).filter(
      (set) => set.name === 'app.at',
    );
    expect(cleared.map((set) => [set.domain, set.value])).toEqual([
      ['waratah.com.au', ''],
      [undefined, ''],
    ]);
    // On a local host the cookies stay on the host that set them.
    const local = new TestBrowser(testApp.app);
    const localDone = await signIn(local, testApp.adviser.email, testApp.adviser.password);
    expect(new Set(domains(localDone.response.cookies).values())).toEqual(new Set([undefined]));
  });

  it('refuses the access tokens of a session signed out at the provider’s own end-session endpoint', async () => {
    const browser = new TestBrowser(testApp.app);
    await signIn(browser, testApp.adviser.email, testApp.adviser.password);
    const copied = new TestBrowser(testApp.app);
    copied.cookies.set('app.at', { value: browser.cookie('app.at') ?? '', path: '/' });
    expect((await copied.request('/app/me/')).statusCode).toBe(200);
    const confirm = await browser.request(`/oauth2/logout?client_id=${waratahClientId}`);
    expect(confirm.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
    expect(xsrf).toBeDefined();
    const done = await browser.request('/oauth2/logout/confirm', {
      method: 'POST',
      form: { xsrf: xsrf ?? '', logout: 'yes' },
    });
    expect(done.statusCode).toBe(303);
    expect((await copied.request('/app/me/')).statusCode).toBe(401);
  });

  it('shows a clear error on a wrong password and stays on the sign-in page', async () => {
    const browser = new TestBrowser(testApp.app);
    const result = await signIn(browser, testApp.adviser.email, 'Not-The-Password-123');
    expect(result.response.statusCode).toBe(401);
    expect(result.response.body).toContain('Incorrect email or password. Please try again.');
    expect(result.response.body).toContain('role="alert"');
    expect(browser.cookie('app.at')).toBeUndefined();
  });

  it('refuses an unknown client_id and a redirect_uri off the portal', async () => {
    const unknown = await testApp.app.inject({
      url: `/app/login/?${sdkLoginQuery()}`.replace(waratahClientId, 'someone-else'),
      headers: { host: 'localhost:8080' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(
      'The client_id &#39;someone-else&#39; is not known to this sign-in service.',
    );
    const elsewhere = await testApp.app.inject({
      url: `/app/login/?${sdkLoginQuery()}`.replace(
        encodeURIComponent(portalOrigin),
        encodeURIComponent('https://evil.example'),
      ),
      headers: { host: 'localhost:8080' },
    });
    expect(elsewhere.statusCode).toBe(400);
    const refresh = await testApp.app.inject({
      method: 'POST',
      url: '/app/refresh/?client_id=nope',
      headers: { host: 'localhost:8080' },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('reads a cookie holding a NUL character as absent: signs out, refreshes and shows pages without a 500', async () => {
    const query = `client_id=${waratahClientId}&post_logout_redirect_uri=${encodeURIComponent(`${portalOrigin}/`)}`;
    const requests = [
      { cookie: 'app.rt', url: `/app/logout/?${query}`, method: 'GET' as const },
      { cookie: '_session', url: `/app/logout/?${query}`, method: 'GET' as const },
      { cookie: 'app.rt', url: `/app/refresh/?client_id=${waratahClientId}`, method: 'POST' as const },
      { cookie: '_session', url: `/account/?client_id=${waratahClientId}`, method: 'GET' as const },
      { cookie: '_session', url: `/app/login/?${sdkLoginQuery()}`, method: 'GET' as const },
    ];
    const answers: string[] = [];
    for (const { cookie, url, method } of requests) {
      const browser = new TestBrowser(testApp.app);
      browser.cookies.set(cookie, { value: '%00x', path: '/' });
      const answer = await browser.request(url, { method });
      // A sign-out goes on to its redirect; the rest answer as without the cookie.
      const fine = url.startsWith('/app/logout/') ? answer.statusCode === 302 : answer.statusCode < 500;
      answers.push(`${method} ${url.split('?')[0]} ${cookie}: ${fine ? 'answered' : answer.statusCode}`);
    }
    expect(answers).toEqual(
      requests.map(({ cookie, url, method }) => `${method} ${url.split('?')[0]} ${cookie}: answered`),
    );
  });

  it('keeps the sign-in through a database failure: a refresh answers 503 and keeps the cookies, /app/me/ no 401', async () => {
    const browser = new TestBrowser(testApp.app);
    await signIn(browser, testApp.adviser.email, testApp.adviser.password);
    const names = ['app.at', 'app.rt', 'app.idt', 'app.at_exp'];
    const held = names.map((name) => browser.cookie(name));
    const refresh = () =>
      browser.request(`/app/refresh/?client_id=${waratahClientId}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
      });
    /** Runs `request` while a table the answer needs cannot be read. */
    const whileMissing = async <T>(table: string, request: () => Promise<T>): Promise<T> => {
      await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(
        testApp.identityDb,
      );
      try {
        return await request();
      } finally {
        await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(
          testApp.identityDb,
        );
      }
    };
    // The provider's store fails: its token endpoint answers 500 server_error. Before 2026-12-03 the
    // refresh answered 401 and cleared the cookies, signing the adviser out.
    const failed = await whileMissing('identity_store', refresh);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('1');
    expect(failed.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect(failed.headers['set-cookie']).toBeUndefined();
    expect(names.map((name) => browser.cookie(name))).toEqual(held);
    // The adviser cannot be read: a server error, not "no valid access token" (before, 401).
    const me = await whileMissing('admin_users', () => browser.request('/app/me/'));
    expect(me.statusCode).toBeGreaterThanOrEqual(500);
    // Once the database answers, the same cookies refresh.
    expect((await refresh()).statusCode).toBe(200);
    expect((await browser.request('/app/me/')).statusCode).toBe(200);
  });

  it('answers the provider’s endpoints as for an unknown id when a parameter holds a NUL character', async () => {
    const post = (url: string, form: Record<string, string>) =>
      testApp.app.inject({
        method: 'POST',
        url,
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    const authorize = new URLSearchParams({
      client_id: '\u0000',
      redirect_uri: `${portalOrigin}/app/callback/`,
      response_type: 'code',
      scope: 'openid',
    });
    const answers = {
      authorize: await new TestBrowser(testApp.app).request(`/oauth2/authorize?${authorize}`),
      authorizeClientOnly: await new TestBrowser(testApp.app).request('/oauth2/authorize?client_id=%00'),
      tokenClient: await post('/oauth2/token', {
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: '\u0000',
      }),
      tokenRefresh: await post('/oauth2/token', {
        grant_type: 'refresh_token',
        refresh_token: '\u0000',
        client_id: waratahClientId,
      }),
      tokenCode: await post('/oauth2/token', {
        grant_type: 'authorization_code',
        code: '\u0000',
        redirect_uri: `${portalOrigin}/app/callback/`,
        code_verifier: 'x'.repeat(43),
        client_id: waratahClientId,
      }),
      revokeClient: await post('/oauth2/revoke', { token: 'x', client_id: '\u0000' }),
      revokeToken: await post('/oauth2/revoke', { token: '\u0000', client_id: waratahClientId }),
    };
    // Before 2026-12-03 each reached the database with the NUL, which PostgreSQL refuses: a 500.
    expect(
      Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode < 500])),
    ).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, true])));
    expect(answers.tokenRefresh.json()).toMatchObject({ error: 'invalid_grant' });
    expect(answers.tokenCode.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('signs out to a portal address whose path is not Latin-1, clearing the cookies', async () => {
    const browser = new TestBrowser(testApp.app);
    await signIn(browser, testApp.adviser.email, testApp.adviser.password);
    const query = new URLSearchParams({
      client_id: waratahClientId,
      post_logout_redirect_uri: `${portalOrigin}/✓`,
    });
    const logout = await browser.request(`/app/logout/?${query}`);
    // Before 2026-12-03 the raw address failed the redirect's header (ERR_INVALID_CHAR): a 500 after
    // the session had ended, and the cookies were left.
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe(`${portalOrigin}/%E2%9C%93`);
    for (const name of ['app.at', 'app.rt', 'app.idt', 'app.at_exp', '_session'])
      expect(browser.cookie(name), name).toBeUndefined();
  });

  it('answers 401 from /app/me/ without a valid access token', async () => {
    const browser = new TestBrowser(testApp.app);
    browser.cookies.set('app.at', { value: 'not.a.jwt', path: '/' });
    const me = await browser.request('/app/me/');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ error: 'invalid_token' });
  });

  it("answers the portal's origin across origins, with the cookies, the provider's clock and its Retry-After, and no other", async () => {
    const browser = new TestBrowser(testApp.app);
    const fromPortal = await browser.request('/app/me/', { headers: { origin: portalOrigin } });
    expect(fromPortal.statusCode).toBe(401);
    expect(fromPortal.headers).toMatchObject({
      'access-control-allow-origin': portalOrigin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'Date, Retry-After',
      vary: 'Origin',
    });
    const elsewhere = await browser.request('/app/me/', { headers: { origin: 'https://elsewhere.example' } });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(elsewhere.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('explains an interaction that is unknown or expired', async () => {
    const response = await new TestBrowser(testApp.app).request('/oauth2/interaction/not-a-real-one');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This sign-in has expired or was already completed. Please start again.');
  });

  it('refuses an access token for any resource but the platform API', async () => {
    const query = new URLSearchParams({
      client_id: waratahClientId,
      redirect_uri: `${portalOrigin}/app/callback/`,
      response_type: 'code',
      scope: 'openid adviser',
      state: 'elsewhere',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      resource: 'https://elsewhere.example/api',
    });
    const response = await new TestBrowser(testApp.app).request(`/oauth2/authorize?${query}`);
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${portalOrigin}/app/callback/`);
    expect(location.searchParams.get('error')).toBe('invalid_target');
    expect(location.searchParams.get('state')).toBe('elsewhere');
  });

  it('sends a code only to its own /app/callback/, never to a portal page', async () => {
    const authorize = (clientId: string, redirectUri: string) =>
      `/oauth2/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid adviser',
        state: 'elsewhere',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`;
    // A local host, where the portal and the identity share an origin.
    const local = await new TestBrowser(testApp.app).request(
      authorize(waratahClientId, `${portalOrigin}/auth-callback`),
    );
    // The production sign-in host, asked to send a code to the portals' hosts.
    const hosted = new TestBrowser(testApp.app, 'http://auth.waratah.com.au');
    const productionClient = getTenant('waratah').envConfig.production?.fusionAuth?.clientId ?? '';
    const refusals = [local];
    for (const uri of [
      'https://portal.waratah.com.au/auth-callback',
      'https://portal.waratah.com.au/app/callback/',
    ])
      refusals.push(await hosted.request(authorize(productionClient, uri)));
    for (const response of refusals) {
      // Answered on the provider's own page: a code on a portal page could be read by the scripts it
      // loads (error reporting, analytics), with the attacker's PKCE verifier beside it.
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('redirect_uri');
    }
    const own = await hosted.request(authorize(productionClient, 'http://auth.waratah.com.au/app/callback/'));
    expect(own.statusCode).not.toBe(400);
  });

  it('links back to the portal, not to the sign-in host, which serves none', async () => {
    const backLink = async (origin: string) => {
      const page = await new TestBrowser(testApp.app, origin).request('/oauth2/interaction/not-a-real-one');
      expect(page.statusCode).toBe(400);
      return /href="(https?:\/\/[^"]+)"/.exec(page.body)?.[1];
    };
    expect(await backLink('http://auth.waratah.com.au')).toBe('https://portal.waratah.com.au/');
    // Reached on a portal's own host, the identity links back to that portal.
    expect(await backLink('https://advisers.waratah.com.au')).toBe('https://advisers.waratah.com.au/');
    expect(await backLink(portalOrigin)).toBe(`${portalOrigin}/`);
  });

  it('keeps no redirect_uri or state longer than 2,048 characters for a sign-in', async () => {
    const login = (overrides: Record<string, string>) =>
      new TestBrowser(testApp.app).request(
        `/app/login/?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(sdkLoginQuery())), ...overrides })}`,
      );
    const before = await testApp.identityDb
      .selectFrom('identity_store')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    const tooLong: Record<string, string>[] = [
      { state: 'x'.repeat(2049) },
      { redirect_uri: `${portalOrigin}/auth-callback?${'x'.repeat(2048)}` },
    ];
    for (const overrides of tooLong) {
      const response = await login(overrides);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('must each be at most 2,048 characters');
    }
    const after = await testApp.identityDb
      .selectFrom('identity_store')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(Number(after.rows)).toBe(Number(before.rows));
    expect((await login({ state: 'x'.repeat(2048) })).statusCode).toBe(302);
  });

  it('completes two sign-ins started at once in two tabs of one browser, each with its own binding', async () => {
    const browser = new TestBrowser(testApp.app);
    const start = async (state: string) => {
      const started = await browser.request(`/app/login/?${sdkLoginQuery(state)}`);
      expect(started.statusCode).toBe(302);
      return String(started.headers.location);
    };
    const bindings = () => [...browser.cookies.keys()].filter((name) => name.startsWith('app.tx'));
    // Both tabs leave for the provider before either comes back.
    const first = await start('first-tab');
    const second = await start('second-tab');
    const page = await browser.follow(first);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    const form = { email: testApp.adviser.email, password: testApp.adviser.password };
    // Before 2026-12-03 the second tab's start replaced the one `app.tx` cookie, and the first tab's
    // callback was refused: "This sign-in has expired or was started in another browser".
    const firstDone = await browser.follow(action, { method: 'POST', form });
    expect(firstDone.url).toBe(`${portalOrigin}/auth-callback?state=first-tab`);
    // Only the first tab's binding was cleared by its callback.
    expect(bindings()).toHaveLength(1);
    // The second tab finds the provider's session signed in, and comes back signed in too.
    const secondDone = await browser.follow(second);
    expect(secondDone.url).toBe(`${portalOrigin}/auth-callback?state=second-tab`);
    expect(bindings()).toEqual([]);
    expect((await browser.request('/app/me/')).statusCode).toBe(200);
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const response = await new TestBrowser(testApp.app).request('/app/callback/?code=abc&state=forged');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This sign-in has expired or was started in another browser.');
  });
});

describe('single sign-on behind a proxy that is not on loopback', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => testApp.close());

  it('completes the sign-in over HTTPS: the in-process token call is believed as the browser’s request was', async () => {
    // Every request through the proxy at 10.0.0.5, which says the browser used HTTPS.
    const origin = 'https://localhost:8080';
    const browser = new TestBrowser(testApp.app, origin, '10.0.0.5', { 'x-forwarded-proto': 'https' });
    const query = new URLSearchParams({
      client_id: waratahClientId,
      redirect_uri: `${origin}/auth-callback`,
      state: 'portal-state',
    });
    const loginPage = await browser.follow(`/app/login/?${query}`);
    const action = /action="([^"]+\/login)"/.exec(loginPage.response.body)?.[1] ?? '';
    const done = await browser.follow(action, {
      method: 'POST',
      form: { email: testApp.adviser.email, password: testApp.adviser.password },
    });
    expect(done.url).toBe(`${origin}/auth-callback?state=portal-state`);
    const accessToken = (done.response.cookies as { name: string; secure?: boolean }[]).find(
      ({ name }) => name === 'app.at',
    );
    expect(accessToken?.secure).toBe(true);
  });
});
