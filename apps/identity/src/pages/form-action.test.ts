import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentityTestApp, type IdentityTestApp, waratahClientId } from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';
import { pageHeaders } from './page-layout.ts';

// The production tenant's identity, reached on its portal's host, sending the adviser back to the
// tenant's other portal host: a redirect across origins at the end of the form's chain.
const identityOrigin = 'http://portal.waratah.com.au';
const otherPortal = 'https://advisers.waratah.com.au';

function formAction(headers: Record<string, unknown>): string[] {
  const policy = String(headers['content-security-policy'] ?? '');
  const directive = policy.split(';').find((part) => part.trim().startsWith('form-action '));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

/** Whether a page's `form-action` lets the chain that follows its form end at `target`. */
function allows(sources: string[], pageOrigin: string, target: string): boolean {
  const origin = new URL(target).origin;
  return sources.includes(origin) || (sources.includes("'self'") && origin === pageOrigin);
}

describe("identity pages' form-action", () => {
  it('names this origin and only well-formed origins besides', () => {
    const sources = formAction(
      pageHeaders([
        'https://portal.example.com.au',
        'https://portal.example.com.au/path',
        "https://x.example.com.au; script-src 'unsafe-inline'",
        '*',
      ]),
    );
    expect(sources).toEqual(["'self'", 'https://portal.example.com.au']);
    expect(formAction(pageHeaders([]))).toEqual(["'self'"]);
  });

  describe('on a production host', () => {
    let testApp: IdentityTestApp;
    beforeAll(async () => {
      testApp = await buildIdentityTestApp();
    });
    afterAll(() => testApp.close());

    it('lets the sign-in form’s redirects end on the tenant’s portal, and nowhere else', async () => {
      const browser = new TestBrowser(testApp.app, identityOrigin);
      const query = new URLSearchParams({
        client_id: waratahClientId,
        redirect_uri: `${otherPortal}/auth-callback`,
        scope: 'openid email profile offline_access adviser',
        state: 'portal-state',
      });
      const login = await browser.follow(`/app/login/?${query}`);
      expect(login.response.statusCode).toBe(200);
      const sources = formAction(login.response.headers);
      expect(sources).toEqual(
        expect.arrayContaining(["'self'", 'https://portal.waratah.com.au', otherPortal]),
      );
      expect(sources.some((source) => source.includes('moneypartner') || source === '*')).toBe(false);

      const action = /action="([^"]+\/login)"/.exec(login.response.body)?.[1] ?? '';
      expect(allows(sources, identityOrigin, new URL(action, identityOrigin).toString())).toBe(true);
      const done = await browser.follow(action, {
        method: 'POST',
        form: { email: testApp.adviser.email, password: testApp.adviser.password },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(done.url).toBe(`${otherPortal}/auth-callback?state=portal-state`);
      expect(allows(sources, identityOrigin, done.url)).toBe(true);

      // The provider's own sign-out page: its form's redirect ends on the portal too.
      const confirm = await browser.request(
        `/oauth2/logout?client_id=${waratahClientId}&post_logout_redirect_uri=${encodeURIComponent(`${otherPortal}/`)}`,
      );
      expect(confirm.statusCode).toBe(200);
      const logoutSources = formAction(confirm.headers);
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
      const signedOut = await browser.follow('/oauth2/logout/confirm', {
        method: 'POST',
        form: { xsrf, logout: 'yes' },
      });
      expect(signedOut.url).toBe(`${otherPortal}/`);
      expect(allows(logoutSources, identityOrigin, signedOut.url)).toBe(true);
    });

    it('is sent with every page: forms, errors and the provider’s own', async () => {
      const browser = new TestBrowser(testApp.app, identityOrigin);
      const pages = [
        await browser.request(`/app/forgot-password/?client_id=${waratahClientId}`),
        await browser.request('/app/callback/?state=none'),
        await browser.request('/oauth2/interaction/unknown'),
        await browser.request('/oauth2/authorize?client_id=unknown'),
      ];
      for (const page of pages) {
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(formAction(page.headers)).toEqual(expect.arrayContaining(["'self'", otherPortal]));
      }
    });
  });
});
