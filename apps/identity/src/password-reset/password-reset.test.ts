import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMailSettled, latestMail, linkParameter } from '../../../platform/src/testing/latest-mail.ts';
import { issueLinkToken, passwordResetLink } from '../accounts/link-tokens.ts';
import { DatabaseAdapter } from '../storage/database-adapter.ts';
import {
  buildIdentityTestApp,
  holdSignIn,
  type IdentityTestApp,
  sdkLoginQuery,
  waratahClientId,
} from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

const forgotUrl = `/app/forgot-password/?client_id=${waratahClientId}`;
const resetUrl = `/app/reset-password/?client_id=${waratahClientId}`;

describe('a forgotten password on the single sign-on tenant', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  async function signedInBrowser(password: string) {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    const done = await browser.follow(action, {
      method: 'POST',
      form: { email: testApp.adviser.email, password },
    });
    return { browser, done };
  }

  const askForLink = (email: string, headers: Record<string, string> = {}) =>
    new TestBrowser(testApp.app).request(forgotUrl, { method: 'POST', form: { email }, headers });

  const mailsTo = async (to: string) =>
    (
      await testApp.app.inject({
        method: 'GET',
        url: `/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`,
      })
    ).json().data.length as number;

  /** The e-mail that follows an answer (it is sent once the answer has gone): the newest once there are more than `before`. */
  async function mailAfter(to: string, before: number) {
    const until = Date.now() + 10_000;
    while ((await mailsTo(to)) <= before) {
      if (Date.now() > until) throw new Error(`no new e-mail to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return latestMail(testApp.app, to);
  }

  const resetWith = (token: string, password: string, confirmation = password) =>
    new TestBrowser(testApp.app).request(resetUrl, {
      method: 'POST',
      form: { token, password, password_confirmation: confirmation },
    });

  const auditActions = async () =>
    (
      await testApp.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('actor_id', '=', testApp.adviser.id)
        .where('action', '=', 'admin_user.password.reset')
        .execute()
    ).length;

  const emailVerified = async () =>
    (
      await testApp.database.db
        .selectFrom('admin_users')
        .select('email_verified_at')
        .where('id', '=', testApp.adviser.id)
        .executeTakeFirstOrThrow()
    ).email_verified_at !== null;

  it('links to it from the sign-in page, and asks for the address', async () => {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    expect(page.response.body).toContain(
      `<a href="/app/forgot-password/?client_id=${waratahClientId}">Forgot your password?</a>`,
    );
    const forgot = await browser.request(forgotUrl);
    expect(forgot.statusCode).toBe(200);
    expect(forgot.body).toContain('<h1>Reset your password</h1>');
    expect(forgot.headers['cache-control']).toBe('no-store');
    expect((await browser.request('/app/forgot-password/?client_id=someone-else')).statusCode).toBe(400);
  });

  it('answers an unknown address as a known one, and e-mails only an account', async () => {
    const before = await mailsTo(testApp.adviser.email);
    const unknown = await askForLink('nobody.here@example.com.au');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain(
      'If an account uses nobody.here@example.com.au, we have e-mailed it a link',
    );
    const known = await askForLink(testApp.adviser.email.toUpperCase());
    expect(known.statusCode).toBe(200);
    expect(known.body.replaceAll(testApp.adviser.email.toUpperCase(), 'X')).toBe(
      unknown.body.replaceAll('nobody.here@example.com.au', 'X'),
    );
    // Neither answer waited for its lookup: the link is written and sent after it.
    const mail = await mailAfter(testApp.adviser.email, before);
    expect(await latestMail(testApp.app, 'nobody.here@example.com.au')).toBeUndefined();
    expect(mail?.subject).toBe('Reset your Waratah password');
    expect(mail?.links[0]?.url).toMatch(
      new RegExp(
        `^http://localhost:8080/app/reset-password/\\?client_id=${waratahClientId}&token=[\\w-]{43}$`,
      ),
    );
    // Nothing but the token's hash is kept.
    const stored = await testApp.identityDb
      .selectFrom('identity_store')
      .select('id')
      .where('model', '=', 'PasswordReset')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.id).not.toContain(linkParameter(mail, 'token'));
  });

  it('refuses an address that is none, and a form from another site, sending nothing', async () => {
    const invalid = await askForLink('not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Please enter a valid email address');
    const foreign = await askForLink(testApp.adviser.email, {
      origin: 'http://moneypartner.localhost:8080',
      'sec-fetch-site': 'same-site',
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('sets the new password from the link once, ends every sign-in, and audits it', async () => {
    const { browser: signedIn } = await signedInBrowser(testApp.adviser.password);
    expect((await signedIn.request('/app/me/')).statusCode).toBe(200);
    // The platform's own password grant, on the same tenant (for a checked address): a bearer
    // token and its refresh token.
    await testApp.database.db
      .updateTable('admin_users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', testApp.adviser.id)
      .execute();
    const grant = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host: 'localhost:8080' },
      payload: {
        grant_type: 'password',
        username: testApp.adviser.email,
        password: testApp.adviser.password,
        client_id: 'waratah-adviser-portal',
        domain: 'waratah.com.au',
        scope: '',
      },
    });
    expect(grant.statusCode).toBe(200);
    const bearer = { host: 'localhost:8080', authorization: `Bearer ${grant.json().access_token}` };
    const platformDetails = () =>
      testApp.app.inject({ method: 'GET', url: '/api/admin/adminusers/details', headers: bearer });
    expect((await platformDetails()).statusCode).toBe(200);
    // An adviser whose address was never checked: the link proves it.
    await testApp.database.db
      .updateTable('admin_users')
      .set({ email_verified_at: null })
      .where('id', '=', testApp.adviser.id)
      .execute();
    const mailsBefore = await mailsTo(testApp.adviser.email);
    await askForLink(testApp.adviser.email);
    const token = linkParameter(await mailAfter(testApp.adviser.email, mailsBefore), 'token');

    const form = await new TestBrowser(testApp.app).request(`${resetUrl}&token=${token}`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<h1>Choose a new password</h1>');
    expect(form.body).toContain(`name="token" value="${token}"`);

    // A password against the rules keeps the link working.
    const weak = await resetWith(token, 'short', 'other');
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('Your password doesn&#39;t meet all the criteria below');
    expect(weak.body).toContain('Passwords do not match');
    expect(await emailVerified()).toBe(false);
    // So does a common one that meets them (the platform's list).
    const common = await resetWith(token, 'Password12345678');
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('This password is too common or has appeared in a data breach');

    const before = await auditActions();
    // A reset link of the platform's own, e-mailed before: spent with the password set here.
    const platformLink = await testApp.app.oneTimeTokens.issueLinkToken({
      tenantId: 'waratah',
      adminUserId: testApp.adviser.id,
      purpose: 'reset_password',
      ttlSeconds: 3600,
    });
    const newPassword = 'Reset-From-The-Link-2026';
    const reset = await resetWith(token, newPassword);
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('Your password has been reset. Sign in with your new password.');
    expect(await auditActions()).toBe(before + 1);
    expect(await emailVerified()).toBe(true);

    // Whoever was signed in is signed out, at once; the old password no longer signs in, the new one does.
    expect((await signedIn.request('/app/me/')).statusCode).toBe(401);
    const refreshed = await signedIn.request(`/app/refresh/?client_id=${waratahClientId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.statusCode).toBe(401);
    // And the platform's bearer token and refresh token with them.
    expect((await platformDetails()).statusCode).toBe(401);
    const platformRefresh = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host: 'localhost:8080' },
      payload: {
        grant_type: 'refresh_token',
        refresh_token: grant.json().refresh_token,
        client_id: 'waratah-adviser-portal',
      },
    });
    expect(platformRefresh.statusCode).toBe(400);
    expect((await signedInBrowser(testApp.adviser.password)).done.response.statusCode).toBe(401);
    const again = await signedInBrowser(newPassword);
    expect(again.browser.cookie('app.at')).toBeDefined();

    const byPlatformLink = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host: 'localhost:8080' },
      payload: {
        reset_password_token: platformLink,
        password: 'Platform-Link-Attempt-2027',
        password_confirmation: 'Platform-Link-Attempt-2027',
      },
    });
    expect(byPlatformLink.statusCode).toBe(400);

    // The link works once.
    const reused = await resetWith(token, 'Another-Reset-Attempt-2027');
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('This link has expired or was already used. Please ask for a new one.');
    expect((await new TestBrowser(testApp.app).request(`${resetUrl}&token=${token}`)).statusCode).toBe(400);
    testApp.adviser.password = newPassword;
  });

  it('ends the identity’s sign-ins when the password is reset through the platform’s own link', async () => {
    const { browser: signedIn } = await signedInBrowser(testApp.adviser.password);
    expect((await signedIn.request('/app/me/')).statusCode).toBe(200);
    const api = (url: string, payload: object) =>
      testApp.app.inject({ method: 'POST', url, headers: { host: 'localhost:8080' }, payload });
    expect((await api('/api/admin/adminusers/reset', { email: testApp.adviser.email })).statusCode).toBe(200);
    await accountMailSettled(testApp.app);
    const token = linkParameter(await latestMail(testApp.app, testApp.adviser.email), 'reset_password_token');
    const newPassword = 'Reset-Through-The-Platform-2026';
    const reset = await api('/api/admin/adminusers/reset/password', {
      reset_password_token: token,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signedIn.request('/app/me/')).statusCode).toBe(401);
    const refreshed = await signedIn.request(`/app/refresh/?client_id=${waratahClientId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.statusCode).toBe(401);
    testApp.adviser.password = newPassword;
  });

  it('leaves no sign-in whose password was accepted before a reset to be resumed after it', async () => {
    const { email } = testApp.adviser;
    /** Follows the held sign-in's redirect: no code, no tokens, the portal never reached. */
    const resumeRefused = async (held: Awaited<ReturnType<typeof holdSignIn>>) => {
      const resumed = await held.browser.follow(held.resume);
      expect(resumed.url).not.toMatch(/\/auth-callback/);
      expect(resumed.response.statusCode).toBe(400);
      expect(held.browser.cookie('app.at')).toBeUndefined();
      expect(held.browser.cookie('app.rt')).toBeUndefined();
    };
    const held = await holdSignIn(testApp.app, email, testApp.adviser.password);
    // The same, answered while the reset ran: its interaction is written back after the delete.
    const heldDuring = await holdSignIn(testApp.app, email, testApp.adviser.password);
    const uid = heldDuring.resume.split('/').pop() ?? '';
    const interaction = await testApp.identityDb
      .selectFrom('identity_store')
      .select('payload')
      .where('model', '=', 'Interaction')
      .where('id', '=', uid)
      .executeTakeFirstOrThrow();
    const newPassword = 'Reset-While-Signing-In-2026';
    const token = await issueLinkToken(testApp.identityDb, passwordResetLink, testApp.adviser.id);
    expect((await resetWith(token, newPassword)).statusCode).toBe(200);
    testApp.adviser.password = newPassword;
    await new DatabaseAdapter(testApp.identityDb, 'Interaction').upsert(uid, interaction.payload, 3600);
    // Before 2026-12-03 each got a code, a new session and a 30-day refresh token for an hour.
    await resumeRefused(held);
    await resumeRefused(heldDuring);

    // So for a reset through the platform's own link.
    const heldPlatform = await holdSignIn(testApp.app, email, newPassword);
    const platformLink = await testApp.app.oneTimeTokens.issueLinkToken({
      tenantId: 'waratah',
      adminUserId: testApp.adviser.id,
      purpose: 'reset_password',
      ttlSeconds: 3600,
    });
    const platformPassword = 'Platform-Reset-While-Held-2026';
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host: 'localhost:8080' },
      payload: {
        reset_password_token: platformLink,
        password: platformPassword,
        password_confirmation: platformPassword,
      },
    });
    expect(reset.statusCode).toBe(200);
    testApp.adviser.password = platformPassword;
    await resumeRefused(heldPlatform);
    // A sign-in with the new password is resumed as ever.
    const again = await holdSignIn(testApp.app, email, platformPassword);
    const done = await again.browser.follow(again.resume);
    expect(done.url).toMatch(/\/auth-callback\?state=portal-state$/);
    expect(again.browser.cookie('app.at')).toBeDefined();
  });

  it('refuses an expired link, a replaced one and an invented one, changing nothing', async () => {
    const hour = 60 * 60 * 1000;
    const expired = await issueLinkToken(
      testApp.identityDb,
      passwordResetLink,
      testApp.adviser.id,
      new Date(Date.now() - 2 * hour),
    );
    const before = await auditActions();
    expect((await resetWith(expired, 'Never-Set-This-Password-1')).statusCode).toBe(400);
    const replaced = await issueLinkToken(testApp.identityDb, passwordResetLink, testApp.adviser.id);
    await issueLinkToken(testApp.identityDb, passwordResetLink, testApp.adviser.id);
    expect((await resetWith(replaced, 'Never-Set-This-Password-1')).statusCode).toBe(400);
    for (const token of ['', 'x', 'A'.repeat(43), `${'A'.repeat(43)}'`])
      expect((await resetWith(token, 'Never-Set-This-Password-1')).statusCode).toBe(400);
    expect(await auditActions()).toBe(before);
    expect((await signedInBrowser(testApp.adviser.password)).browser.cookie('app.at')).toBeDefined();
  });

  it('is not served on a host nobody configured, so no e-mailed link can point there', async () => {
    const before = await mailsTo(testApp.adviser.email);
    const production = '5cc2641a-0f98-486d-91b8-2616d6e01e4b';
    for (const headers of [{ host: 'evil.example' }, { host: 'auth.waratah.com.au.evil.example' }]) {
      const page = await testApp.app.inject({
        method: 'GET',
        url: `/app/forgot-password/?client_id=${production}`,
        headers,
      });
      expect(page.statusCode).toBe(404);
      // As curl sends it: no Origin, no Sec-Fetch-Site.
      const asked = await testApp.app.inject({
        method: 'POST',
        url: `/app/forgot-password/?client_id=${production}`,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(testApp.adviser.email)}`,
      });
      expect(asked.statusCode).toBe(404);
    }
    await accountMailSettled(testApp.app);
    expect(await mailsTo(testApp.adviser.email)).toBe(before);
    // The identity's own configured host is served, and its links stay on it.
    const own = await testApp.app.inject({
      method: 'POST',
      url: `/app/forgot-password/?client_id=${production}`,
      headers: {
        host: 'auth.waratah.com.au',
        'x-forwarded-proto': 'https',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `email=${encodeURIComponent(testApp.adviser.email)}`,
    });
    expect(own.statusCode).toBe(200);
    const mail = await mailAfter(testApp.adviser.email, before);
    expect(mail?.links[0]?.url).toMatch(/^https?:\/\/auth\.waratah\.com\.au\/app\/reset-password\/\?/);
  });

  it('counts each request against the e-mail limits, and refuses past them sending nothing', async () => {
    const email = 'limit.test@example.com.au';
    let refused: Awaited<ReturnType<typeof askForLink>> | undefined;
    for (let attempt = 0; attempt < 20 && !refused; attempt++) {
      const response = await askForLink(email);
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(200);
    }
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused?.body).toContain('role="alert"');
  });
});
