import { type BrowserContext, expect, type Request, test } from '@playwright/test';
import { getTenant, type TenantId } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { demoAdviser, signInWithPassword, signInWithProvider } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { hostUrl, tenantUrl } from './support/tenant-url.ts';

const passwordTenants: TenantId[] = ['moneypartner', 'waratahlabs'];
/** The password sign-in's refresh token: an HttpOnly cookie for the token endpoints. */
const refreshCookieName = 'waratah-admin-refresh';
/**
 * The browser's sign-in device cookie (plain HTTP names; docs/authentication.md, "A browser that
 * signed in before is not locked out by strangers"): 32 random bytes, base64url.
 */
const deviceCookieName = { password: 'waratah-admin-device', provider: 'waratah-sign-in-device' };
const deviceToken = /^[A-Za-z0-9_-]{43}$/;
const cookieNamed = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name);

for (const tenant of passwordTenants) {
  test.describe(`${tenant}: signing in and the session`, () => {
    test('signs in, lands on the dashboard and stays signed in across a reload', async ({ page }) => {
      await signInWithPassword(page, tenant);

      await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Verified adviser' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `dashboard-${tenant}`);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
    });

    test('times the session out on a dead token and restores the route after signing in again', async ({
      page,
      context,
    }) => {
      await signInWithPassword(page, tenant);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const deviceCookie = async () => (await cookieNamed(context, deviceCookieName.password))?.value;
      const device = await deviceCookie();
      expect(device).toMatch(deviceToken);

      // The platform no longer knows this token: the next call answers 401.
      await page.evaluate(() => window.localStorage.setItem('waratah.accessToken', 'revoked-elsewhere'));
      await page.goto(tenantUrl(tenant, '/dashboard?view=all#clients'));

      const modal = page.getByRole('dialog', { name: 'Session timed out' });
      await expect(modal).toBeVisible();
      await expect(modal).toContainText('Please try again to start a new session.');
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `session-timeout-${tenant}`);
      await modal.getByRole('button', { name: 'Try again' }).click();
      await expect(modal).toBeHidden();
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));

      await signInWithPassword(page, tenant);
      await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard?view=all#clients'));
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // The browser sent its device cookie with the second sign-in and was known: the same token,
      // its expiry moved on (a browser the platform did not know would be handed a new one).
      expect(await deviceCookie()).toBe(device);
    });

    test('keeps the refresh token from scripts, and two tabs signed in through a refresh', async ({
      page,
      context,
    }) => {
      await signInWithPassword(page, tenant);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      // The refresh token is an HttpOnly cookie for the token endpoints: no script on the page sees it.
      const stored = await page.evaluate(() => ({
        keys: Object.keys(window.localStorage),
        cookies: document.cookie,
      }));
      expect(stored.keys.filter((key) => /refresh/i.test(key))).toEqual([]);
      expect(stored.cookies).not.toContain('refresh');
      const refreshCookie = await cookieNamed(context, refreshCookieName);
      expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/oauth' });
      // So is the cookie by which this browser is known to the account from now on (HttpOnly: a
      // script on the page cannot read it, nor could one on the token endpoints' path).
      const deviceCookie = await cookieNamed(context, deviceCookieName.password);
      expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/oauth' });
      expect(deviceCookie?.value).toMatch(deviceToken);

      const second = await context.newPage();
      await second.goto(tenantUrl(tenant, '/dashboard'));
      await expect(second.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      // Both tabs find the token 13 s from its expiry, so both are due to refresh it at the same moment,
      // 3 s from now. A refresh token works once (a second spend within the retry grace gets the first
      // answer again, after it the sign-in ends): the tabs must take turns.
      const cookieBefore = (await context.cookies()).find(({ name }) => name === refreshCookieName);
      const refreshing: Request[] = [];
      context.on('requestfinished', (request) => {
        if (new URL(request.url()).pathname === '/oauth/admin/token') refreshing.push(request);
      });
      await page.evaluate(() =>
        window.localStorage.setItem('waratah.accessTokenExpiresAt', String(Date.now() + 13_000)),
      );
      await Promise.all([page.reload(), second.reload()]);
      const hoursLeft = () =>
        page.evaluate(
          () =>
            (Number(window.localStorage.getItem('waratah.accessTokenExpiresAt')) - Date.now()) / 3_600_000,
        );
      await expect.poll(hoursLeft, { timeout: 15_000 }).toBeGreaterThan(0.5);
      await page.waitForTimeout(2_000);
      const refreshes = [...refreshing];
      // One tab refreshed; the other took its token, or (when its copy of local storage had not caught
      // up yet) refreshed after it with the cookie the first one left. Never both at once.
      expect(refreshes.length).toBeGreaterThanOrEqual(1);
      expect(refreshes.length).toBeLessThanOrEqual(2);
      // Each was answered. (Two spends of one token at once are answered alike within the retry grace,
      // so only the cookies below tell that the tabs took turns.)
      for (const request of refreshes) expect((await request.response())?.status()).toBe(200);
      // And one after the other, shown on the wire rather than by timings: the first spent the cookie the
      // tabs held, and a second one sent the cookie the first one’s answer set.
      const cookieSent = async (request: Request) =>
        new RegExp(`(?:^|;\\s*)${refreshCookieName}=([^;]+)`).exec(
          (await request.allHeaders()).cookie ?? '',
        )?.[1];
      const cookieSet = async (request: Request) => {
        const setCookies = (await (await request.response())?.headerValues('set-cookie')) ?? [];
        return new RegExp(`^${refreshCookieName}=([^;]+)`, 'm').exec(setCookies.join('\n'))?.[1];
      };
      const sent = await Promise.all(refreshes.map(cookieSent));
      const set = await Promise.all(refreshes.map(cookieSet));
      expect(set).not.toContain(undefined);
      const first = sent.indexOf(cookieBefore?.value);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(set[first]).not.toBe(cookieBefore?.value);
      if (refreshes.length === 2) {
        expect(sent[1 - first]).toBe(set[first]);
        expect(set[1 - first]).not.toBe(set[first]);
      }

      for (const tab of [page, second]) {
        await tab.goto(tenantUrl(tenant, '/dashboard'));
        await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await expect(tab.getByRole('dialog', { name: 'Session timed out' })).toBeHidden();
      }
      await second.close();
    });

    test("signs out with 'Successfully signed out'", async ({ page }) => {
      await signInWithPassword(page, tenant);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();

      await expect(page.getByText('Successfully signed out', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));
      expect(await page.evaluate(() => window.localStorage.getItem('waratah.accessToken'))).toBeNull();
      const cookies = await page.context().cookies();
      expect(cookies.map(({ name }) => name)).not.toContain(refreshCookieName);
      await page.goto(tenantUrl(tenant, '/dashboard'));
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));
    });

    test('lists the server error under the error heading for a wrong password', async ({ page }) => {
      await page.goto(tenantUrl(tenant));
      await page.getByRole('textbox', { name: 'Email' }).fill(demoAdviser(tenant));
      await page.getByLabel(/^Password/).fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Please correct the following errors:');
      await expectNoSeriousAxeViolations(page);
    });
  });
}

test.describe('waratah: single sign-on', () => {
  test('a signed-out visitor goes to the provider, and comes back to the page they asked for', async ({
    page,
    context,
  }) => {
    await page.goto(tenantUrl('waratah', '/dashboard'));
    await signInWithProvider(page, demoAdviser('waratah'));

    await expect(page).toHaveURL(tenantUrl('waratah', '/dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The provider's sign-in form now knows this browser: an HttpOnly, same-site-only cookie of its own.
    const deviceCookie = await cookieNamed(context, deviceCookieName.provider);
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(deviceCookie?.value).toMatch(deviceToken);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'dashboard-waratah');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test("signing out goes through the provider's logout", async ({ page }) => {
    await page.goto(tenantUrl('waratah', '/dashboard'));
    await signInWithProvider(page, demoAdviser('waratah'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();

    // The provider's logout returns to the portal, whose guard, now signed out, starts the
    // provider's login: wait for that whole chain to settle before navigating again.
    await expect(page).toHaveURL(/\/oauth2\/interaction\//);
    await expect(page.locator('input[name="email"]')).toBeVisible();
    await page.goto(tenantUrl('waratah', '/dashboard'));
    await expect(page).toHaveURL(/\/oauth2\/interaction\//);
  });

  test('a sign-out linked from another site asks first, and signs out when the adviser says so', async ({
    page,
  }) => {
    await page.goto(tenantUrl('waratah', '/dashboard'));
    await signInWithProvider(page, demoAdviser('waratah'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const clientId = getTenant('waratah').envConfig.production?.fusionAuth?.clientId ?? '';
    const logout = tenantUrl(
      'waratah',
      `/app/logout/?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: tenantUrl('waratah', '/') })}`,
    );
    // A link on another site (127.0.0.1 is another site than localhost): the browser sends the
    // session's SameSite=Lax cookies with it.
    const followLinkFromAnotherSite = async () => {
      await page.goto(hostUrl('127.0.0.1', '/healthz'));
      await page.evaluate((href) => {
        const link = Object.assign(document.createElement('a'), { href, textContent: 'Sign out' });
        document.body.append(link);
        link.click();
      }, logout);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign out' })).toBeVisible();
    };

    await followLinkFromAnotherSite();
    await expect(page.getByText('Do you want to sign out?')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'sign-out-confirmation-waratah');
    // Nothing was ended: back to the portal, still signed in.
    await page.getByRole('link', { name: 'Back to the Waratah Adviser Portal' }).click();
    await page.goto(tenantUrl('waratah', '/dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await followLinkFromAnotherSite();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/\/oauth2\/interaction\//);
    await expect(page.locator('input[name="email"]')).toBeVisible();
  });
});
