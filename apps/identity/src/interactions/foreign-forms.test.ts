import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantHost } from '../../../platform/src/testing/sign-in.ts';
import { buildIdentityTestApp, type IdentityTestApp, sdkLoginQuery } from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

// Another tenant's host is the same site (`moneypartner.localhost` beside `localhost`), so the
// browser sends the SameSite=Lax interaction cookie with a form it posts from there.
const sentFromElsewhere: Record<string, string>[] = [
  { 'sec-fetch-site': 'same-site', origin: `http://${tenantHost('moneypartner')}` },
  { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
  { origin: `http://${tenantHost('moneypartner')}` },
];

describe('the sign-in and registration forms', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  async function openForm(browser: TestBrowser, form: 'login' | 'register') {
    const page = await browser.follow(`/app/${form === 'login' ? 'login' : 'register'}/?${sdkLoginQuery()}`);
    return new RegExp(`action="([^"]+/${form})"`).exec(page.response.body)?.[1] ?? '';
  }

  const signInAudits = async () =>
    (
      await testApp.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('actor_id', '=', testApp.adviser.id)
        .where('action', 'in', ['session.sign_in', 'session.sign_in_failed'])
        .execute()
    ).length;

  it('are taken only from a page of the identity’s own origin', async () => {
    const browser = new TestBrowser(testApp.app);
    const login = await openForm(browser, 'login');
    const before = await signInAudits();
    for (const headers of sentFromElsewhere) {
      const refused = await browser.request(login, {
        method: 'POST',
        form: { email: testApp.adviser.email, password: testApp.adviser.password },
        headers,
      });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toContain('This form can only be sent from this site.');
    }
    expect(await signInAudits()).toBe(before);
    expect(browser.cookie('app.at')).toBeUndefined();

    const register = await openForm(browser, 'register');
    const refused = await browser.request(register, {
      method: 'POST',
      form: {
        given_name: 'Mallory',
        family_name: 'Elsewhere',
        email: 'mallory.elsewhere@example.com.au',
        password: 'Planted-Account-2026',
        password_confirmation: 'Planted-Account-2026',
        terms: 'accepted',
      },
      headers: sentFromElsewhere[0],
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await testApp.database.db
        .selectFrom('admin_users')
        .select('id')
        .where('email', '=', 'mallory.elsewhere@example.com.au')
        .execute(),
    ).toEqual([]);

    // As a browser sends it from the sign-in page itself (`Origin: null` under no-referrer).
    const again = await openForm(browser, 'login');
    const signedIn = await browser.follow(again, {
      method: 'POST',
      form: { email: testApp.adviser.email, password: testApp.adviser.password },
      headers: { 'sec-fetch-site': 'same-origin', origin: 'null' },
    });
    expect(signedIn.response.statusCode).toBeLessThan(400);
    expect(browser.cookie('app.at')).toBeDefined();
  });
});
