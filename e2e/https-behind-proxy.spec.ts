import { type BrowserContext, expect, type Request, test } from '@playwright/test';
import { demoAdviser, demoAdviserPassword, signInWithProvider } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { type PrivateServer, startPrivateServer } from './support/server-process.ts';
import { startTlsProxy, type TlsProxy } from './support/tls-proxy.ts';

/*
 * The platform as it is deployed (README, Configuration): NODE_ENV=production, plain HTTP behind a
 * TLS load balancer that TRUST_PROXY names. Every other journey runs over plain HTTP on a local
 * host, where the browser takes no `Secure` cookie and the refresh token's cookie is
 * `waratah-admin-refresh` on `/oauth`; here it is `__Host-waratah-admin-refresh` on `/`, and the
 * sign-in, its refresh and its sign-out must work with that cookie in a real browser.
 */
const tenant = 'moneypartner';
/** The browser's public address, as the proxy reports it (a documentation range, RFC 5737). */
const clientAddress = '203.0.113.77';
const cookieNames = ['__Host-waratah-admin-device', '__Host-waratah-admin-refresh'];

let server: PrivateServer | undefined;
let proxy: TlsProxy | undefined;

test.describe('behind a TLS proxy, in production', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ ignoreHTTPSErrors: true });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // Production, on this machine's `*.localhost` hosts (which production takes only when told).
    server = await startPrivateServer({
      env: { NODE_ENV: 'production', TRUST_PROXY: 'loopback', LOCAL_HOSTS: 'on' },
    });
    proxy = await startTlsProxy(server.port, clientAddress);
  });
  test.afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  const portalUrl = (path = '/') => `https://${tenant}.localhost:${proxy?.port}${path}`;
  const cookiesOf = async (context: BrowserContext) =>
    (await context.cookies()).filter(({ name }) => name.includes('waratah'));

  test('signs in with __Host- cookies, refreshes through the cookie, records the client’s address and signs out', async ({
    page,
    context,
  }) => {
    const entry = await page.goto(portalUrl());
    expect(entry?.headers()['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains/);
    expect(entry?.headers()['content-security-policy']).toContain('upgrade-insecure-requests');

    await page.getByRole('textbox', { name: 'Email' }).fill(demoAdviser(tenant));
    await page.getByLabel(/^Password/).fill(demoAdviserPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(portalUrl('/dashboard'));
    await saveScreenshot(page, `dashboard-${tenant}-https`);

    // Only the prefixed cookies: Secure, HttpOnly, SameSite=Strict, this host only, every path.
    const signedIn = await cookiesOf(context);
    expect(signedIn.map(({ name }) => name).sort()).toEqual(cookieNames);
    for (const cookie of signedIn) {
      expect(cookie, cookie.name).toMatchObject({
        domain: `${tenant}.localhost`,
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      });
    }
    const refreshBefore = signedIn.find(({ name }) => name === '__Host-waratah-admin-refresh')?.value;

    // The access token is due for renewal 3 s from now: the page spends the cookie for a new one.
    const refreshes: Request[] = [];
    context.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === '/oauth/admin/token') refreshes.push(request);
    });
    await page.evaluate(() =>
      window.localStorage.setItem('waratah.accessTokenExpiresAt', String(Date.now() + 13_000)),
    );
    await page.reload();
    const hoursLeft = () =>
      page.evaluate(
        () => (Number(window.localStorage.getItem('waratah.accessTokenExpiresAt')) - Date.now()) / 3_600_000,
      );
    await expect.poll(hoursLeft, { timeout: 15_000 }).toBeGreaterThan(0.5);
    // The page's request may finish before Playwright's event about it reaches the test.
    await expect.poll(() => refreshes.length).toBeGreaterThanOrEqual(1);
    for (const request of refreshes) expect((await request.response())?.status()).toBe(200);
    expect((await refreshes[0]?.allHeaders())?.cookie).toContain(
      `__Host-waratah-admin-refresh=${refreshBefore}`,
    );
    const refreshAfter = (await cookiesOf(context)).find(
      ({ name }) => name === '__Host-waratah-admin-refresh',
    );
    expect(refreshAfter?.value).toBeTruthy();
    expect(refreshAfter?.value).not.toBe(refreshBefore);
    await page.goto(portalUrl('/dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The audit log names the address the proxy reported, not the proxy's own.
    const audit = await page.evaluate(async () => {
      const response = await fetch('/api/admin/audit?size=20', {
        headers: { Authorization: `Bearer ${window.localStorage.getItem('waratah.accessToken')}` },
      });
      return {
        status: response.status,
        body: (await response.json()) as { data: { action: string; ip: string }[] },
      };
    });
    expect(audit.status).toBe(200);
    const signIn = audit.body.data.find(({ action }) => action === 'session.sign_in');
    expect(signIn?.ip).toBe(clientAddress);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Successfully signed out', { exact: true })).toBeVisible();
    expect((await cookiesOf(context)).map(({ name }) => name)).toEqual(['__Host-waratah-admin-device']);
    await page.goto(portalUrl('/dashboard'));
    await expect(page).toHaveURL(portalUrl('/'));
  });

  test('signs in through single sign-on with Secure cookies, and refreshes through them', async ({
    page,
    context,
  }) => {
    const ssoUrl = (path = '/') => `https://localhost:${proxy?.port}${path}`;
    await page.goto(ssoUrl('/dashboard'));
    await signInWithProvider(page, demoAdviser('waratah'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(ssoUrl('/dashboard'));

    // Every cookie Secure. Scripts read only what the page needs: the double-submit token, the access
    // token's expiry and the ID token (the hosted-backend client's user info); never a credential.
    const cookies = await context.cookies();
    for (const cookie of cookies) expect(cookie.secure, cookie.name).toBe(true);
    expect(
      cookies
        .filter(({ httpOnly }) => !httpOnly)
        .map(({ name }) => name)
        .sort(),
    ).toEqual(['XSRF-TOKEN', 'app.at_exp', 'app.idt']);
    expect(cookies.find(({ name }) => name === '__Host-waratah-sign-in-device')).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
    });
    for (const name of ['app.at', 'app.rt']) expect(cookies.map((cookie) => cookie.name)).toContain(name);

    // 13 s left on the access token: the portal refreshes it through the provider's cookies.
    const expiry = async () =>
      Number((await context.cookies(ssoUrl())).find(({ name }) => name === 'app.at_exp')?.value ?? 0);
    const now = Math.floor(Date.now() / 1000);
    await context.addCookies([
      { name: 'app.at_exp', value: String(now + 13), url: ssoUrl(), secure: true, sameSite: 'Lax' },
    ]);
    const refreshed = page.waitForResponse(
      (response) => response.url().includes('/app/refresh/') && response.request().method() === 'POST',
      { timeout: 15_000 },
    );
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect.poll(expiry).toBeGreaterThan(now + 60);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(ssoUrl('/dashboard'));
  });
});
