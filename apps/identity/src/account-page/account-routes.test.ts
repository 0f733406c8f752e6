import { decodeJwt } from 'jose';
import type { AdapterPayload } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLinkToken, linkTokenAccount, passwordResetLink } from '../accounts/link-tokens.ts';
import { DatabaseAdapter } from '../storage/database-adapter.ts';
import { endEverySignIn } from '../storage/end-other-sign-ins.ts';
import {
  buildIdentityTestApp,
  holdSignIn,
  type IdentityTestApp,
  sdkLoginQuery,
  waratahClientId,
} from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

describe('/account/', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  async function signedInBrowser(password = testApp.adviser.password) {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    await browser.follow(action, { method: 'POST', form: { email: testApp.adviser.email, password } });
    return browser;
  }

  it('sends a signed-out visitor to sign in first', async () => {
    const response = await new TestBrowser(testApp.app).request(`/account/?client_id=${waratahClientId}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/app\/login\/\?client_id=/);
  });

  it('refuses the form from another site or another tenant’s host, and takes it from its own page', async () => {
    const browser = await signedInBrowser();
    const send = (headers: Record<string, string>) =>
      browser.request(`/account/password?client_id=${waratahClientId}`, {
        method: 'POST',
        form: { current_password: 'x', password: 'y', password_confirmation: 'y' },
        headers,
      });
    const refused = 'This form can only be sent from this site.';
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      // Another tenant's host is the same site: its cookies are sent, the form is still refused.
      { origin: 'http://moneypartner.localhost:8080', 'sec-fetch-site': 'same-site' },
      { origin: 'null', 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.body).toContain(refused);
    }
    // The page is sent with Referrer-Policy: no-referrer, so Chromium posts it with Origin: null.
    for (const headers of <Record<string, string>[]>[
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:8080' },
    ]) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      expect(response.body).toContain('Your current password is not correct');
    }
  });

  it('shows the adviser and changes the password', async () => {
    const browser = await signedInBrowser();
    const page = await browser.request(`/account/?client_id=${waratahClientId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ada Adviser');
    expect(page.body).toContain(testApp.adviser.email);

    const wrong = await browser.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { current_password: 'wrong', password: 'short', password_confirmation: 'short' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Your current password is not correct');
    const common = await browser.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: {
        current_password: testApp.adviser.password,
        password: 'Password12345678',
        password_confirmation: 'Password12345678',
      },
    });
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('This password is too common or has appeared in a data breach');

    // A change proves the password, not the mailbox (a reset from an e-mailed link does).
    const verifiedAt = (at: Date | null) =>
      testApp.database.db
        .updateTable('admin_users')
        .set({ email_verified_at: at })
        .where('id', '=', testApp.adviser.id)
        .returning('email_verified_at')
        .executeTakeFirstOrThrow();
    await verifiedAt(null);
    // A reset link e-mailed before the change stops working with it (before 2026-11-30 it set a
    // password for up to an hour after).
    const resetLink = await issueLinkToken(testApp.identityDb, passwordResetLink, testApp.adviser.id);
    expect(await linkTokenAccount(testApp.identityDb, passwordResetLink, resetLink)).toBe(testApp.adviser.id);
    const newPassword = 'Another-Strong-Password-7';
    const changed = await browser.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: {
        current_password: testApp.adviser.password,
        password: newPassword,
        password_confirmation: newPassword,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Your password has been changed.');
    expect(
      await testApp.database.db
        .selectFrom('admin_users')
        .select('email_verified_at')
        .where('id', '=', testApp.adviser.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ email_verified_at: null });
    expect(await linkTokenAccount(testApp.identityDb, passwordResetLink, resetLink)).toBeUndefined();
    await verifiedAt(new Date());
    const again = await signedInBrowser(newPassword);
    expect(again.cookie('app.at')).toBeDefined();
  });

  it('ends the adviser’s other sign-ins when the password changes, and keeps this one', async () => {
    const password = 'Another-Strong-Password-7'; // set by the test before
    const here = await signedInBrowser(password);
    const elsewhere = await signedInBrowser(password);
    const refresh = (browser: TestBrowser) =>
      browser.request(`/app/refresh/?client_id=${waratahClientId}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
      });
    const newPassword = 'Third-Strong-Password-8';
    const changed = await here.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { current_password: password, password: newPassword, password_confirmation: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    // The other browser's access token is refused before it expires; this browser's is not.
    expect((await elsewhere.request('/app/me/')).statusCode).toBe(401);
    expect((await here.request('/app/me/')).statusCode).toBe(200);
    // The other browser's refresh token is gone with its grant; its session is too.
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    const again = await elsewhere.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(again.response.body).toContain('<h1>Sign in</h1>');
    // This browser keeps its session and can still refresh.
    expect((await refresh(here)).statusCode).toBe(200);
    const continued = await here.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(continued.url).toMatch(/\/auth-callback\?state=portal-state$/);
  });

  it('leaves no way back to an ended sign-in for a request that was in flight during the change', async () => {
    const password = 'Third-Strong-Password-8'; // set by the test before
    const here = await signedInBrowser(password);
    const elsewhere = await signedInBrowser(password);
    const rowOf = (model: string, id: string | undefined) =>
      testApp.identityDb
        .selectFrom('identity_store')
        .selectAll()
        .where('model', '=', model)
        .where('id', '=', id ?? '')
        .executeTakeFirstOrThrow();
    // What a request of the other browser loaded before the change, and writes when it ends.
    const session = await rowOf('Session', elsewhere.cookie('_session'));
    const refreshToken = await rowOf('RefreshToken', elsewhere.cookie('app.rt'));
    const grant = await rowOf('Grant', refreshToken.grant_id ?? '');
    const newPassword = 'Between-Strong-Password-5';
    const changed = await here.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { current_password: password, password: newPassword, password_confirmation: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    // oidc-provider saves a session it loaded when its request ends, and the request may have
    // rotated a refresh token under it (a new one, with its grant).
    const writeBack = (model: string, id: string, payload: AdapterPayload) =>
      new DatabaseAdapter(testApp.identityDb, model).upsert(id, payload, 3600);
    await writeBack('Session', session.id, session.payload);
    await writeBack('Grant', grant.id, grant.payload);
    await writeBack('RefreshToken', 'rotated-under-ended-session', { ...refreshToken.payload, jti: 'x' });
    elsewhere.cookies.set('app.rt', { value: 'rotated-under-ended-session', path: '/' });

    const refreshed = await elsewhere.request(`/app/refresh/?client_id=${waratahClientId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.statusCode).toBe(401);
    const again = await elsewhere.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(again.response.body).toContain('<h1>Sign in</h1>');
    // The browser that changed the password stays signed in.
    const continued = await here.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(continued.url).toMatch(/\/auth-callback\?state=portal-state$/);
    // Changing it back for the test after.
    const back = await here.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { current_password: newPassword, password, password_confirmation: password },
    });
    expect(back.statusCode).toBe(200);
  });

  it('keeps the sign-in of a browser whose session cookie has expired but whose refresh token lives', async () => {
    const password = 'Third-Strong-Password-8'; // set by the test before
    const here = await signedInBrowser(password);
    // The provider's session lasts 14 days, the refresh token 30: past the first, only the second is sent.
    here.cookies.delete('_session');
    here.cookies.delete('_session.sig');
    const newPassword = 'Fourth-Strong-Password-9';
    const changed = await here.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { current_password: password, password: newPassword, password_confirmation: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    expect((await here.request('/app/me/')).statusCode).toBe(200);
    const refreshed = await here.request(`/app/refresh/?client_id=${waratahClientId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  /**
   * Another browser past its session's 14 days: the sweep has deleted the session's row, and its
   * refresh token (30 days) still renews access tokens carrying the session's `uid` (`sid`).
   */
  async function signedInPastItsSession(password: string) {
    const browser = await signedInBrowser(password);
    const session = await testApp.identityDb
      .deleteFrom('identity_store')
      .where('model', '=', 'Session')
      .where('id', '=', browser.cookie('_session') ?? '')
      .returning('uid')
      .executeTakeFirstOrThrow();
    browser.cookies.delete('_session');
    browser.cookies.delete('_session.sig');
    const refreshed = await browser.request(`/app/refresh/?client_id=${waratahClientId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(browser.cookie('app.at') ?? '').sid).toBe(session.uid);
    expect((await browser.request('/app/me/')).statusCode).toBe(200);
    return browser;
  }

  it('refuses the access tokens of another sign-in whose session has expired when the password changes', async () => {
    const password = 'Fourth-Strong-Password-9'; // set by the test before
    const here = await signedInBrowser(password);
    const elsewhere = await signedInPastItsSession(password);
    const newPassword = 'Fifth-Strong-Password-10';
    const changed = await here.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { current_password: password, password: newPassword, password_confirmation: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    // Refused before it expires (before 2026-12-02 it was accepted until then); this browser's is not.
    expect((await elsewhere.request('/app/me/')).statusCode).toBe(401);
    expect((await here.request('/app/me/')).statusCode).toBe(200);
    const continued = await here.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(continued.url).toMatch(/\/auth-callback\?state=portal-state$/);
  });

  it('refuses the access tokens of a sign-in whose session has expired when every sign-in ends', async () => {
    const password = 'Fifth-Strong-Password-10'; // set by the test before
    const elsewhere = await signedInPastItsSession(password);
    // What a password reset through the platform's own link does.
    await endEverySignIn(testApp.identityDb, testApp.adviser.id);
    expect((await elsewhere.request('/app/me/')).statusCode).toBe(401);
  });

  it('leaves no sign-in whose password was accepted before the change to be resumed after it', async () => {
    const password = 'Fifth-Strong-Password-10'; // set by the test before
    const here = await signedInBrowser(password);
    // Whoever knew the password signed in elsewhere and holds the provider's redirect.
    const held = await holdSignIn(testApp.app, testApp.adviser.email, password);
    const newPassword = 'Sixth-Strong-Password-11';
    const changed = await here.request(`/account/password?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { current_password: password, password: newPassword, password_confirmation: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    // Before 2026-12-03 it was resumed into a code, a new session and a 30-day refresh token.
    const resumed = await held.browser.follow(held.resume);
    expect(resumed.url).not.toMatch(/\/auth-callback/);
    expect(resumed.response.statusCode).toBe(400);
    expect(held.browser.cookie('app.at')).toBeUndefined();
    expect(held.browser.cookie('app.rt')).toBeUndefined();
    // The browser that changed it stays signed in.
    const continued = await here.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(continued.url).toMatch(/\/auth-callback\?state=portal-state$/);
  });
});
