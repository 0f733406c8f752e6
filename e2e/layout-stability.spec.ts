import { expect, type Page, test } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium-launch.ts';
import { activeClientIds, signInAsDemoAdviser } from './support/signed-in-adviser.ts';
import { tenantUrl } from './support/tenant-url.ts';

// Playwright hides scrollbars in headless Chromium; an adviser's desktop browser shows them, and
// a scrollbar appearing as a page grows is the layout shift Lighthouse saw.
test.use({ launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] } });

test('moneypartner: the transactions page does not move as its rows arrive (layout shift)', async ({
  page,
}) => {
  await recordLayoutShifts(page);
  await page.setViewportSize({ width: 1350, height: 940 });
  await signInAsDemoAdviser(page, 'moneypartner');
  const [clientId] = await activeClientIds(page, 'moneypartner', 1);
  await page.goto(tenantUrl('moneypartner', `/user/details/${clientId}/transactions`));
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A page taller than the window once its rows are in must not push everything sideways when the
  // scrollbar appears (0.21 before `scrollbar-gutter: stable`); "good" is under 0.1.
  expect(await layoutShiftTotal(page)).toBeLessThan(0.1);
});

for (const tenant of ['moneypartner', 'waratahlabs'] as const) {
  test(`${tenant}: the sign-in page does not move under the pointer as the app config arrives`, async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    // A slow answer makes the race certain: shown before it, the page grew its "Register" footer and
    // its sidebar links when it came, and the centred card (and its Sign in button) moved up 35 px.
    await page.route('**/api/v2/config/app/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.setViewportSize({ width: 1350, height: 940 });
    await page.goto(tenantUrl(tenant, '/'));
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    const firstSeen = await signIn.boundingBox();
    await page.waitForLoadState('networkidle');

    expect(await signIn.boundingBox()).toEqual(firstSeen);
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
  });
}

test('moneypartner: the overview does not move as the net position arrives', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  await signInAsDemoAdviser(page, 'moneypartner');
  const [clientId] = await activeClientIds(page, 'moneypartner', 1);
  // The accounts held until the rest of the page is in: the race that moved the charts down 20 px
  // when the figures replaced a shorter placeholder.
  let releaseAccounts = () => {};
  const accountsHeld = new Promise<void>((resolve) => {
    releaseAccounts = resolve;
  });
  await page.route(/\/api\/v2\/accounts(\?|$)/, async (route) => {
    await accountsHeld;
    await route.continue();
  });
  await page.goto(tenantUrl('moneypartner', `/user/details/${clientId}/overview`));
  await expect(page.getByRole('status', { name: /net position/i })).toBeVisible();
  const cashFlow = page.getByRole('heading', { name: 'Income and spending' });
  await expect(cashFlow).toBeVisible();
  const before = await cashFlow.boundingBox();

  releaseAccounts();
  await expect(page.getByText('Assets', { exact: true })).toBeVisible();
  expect(await cashFlow.boundingBox()).toEqual(before);
});

/** Records every layout shift of the page's loads, as Chromium reports them (Lighthouse's CLS). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts recorded since the page loaded. */
async function layoutShiftTotal(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  return shifts.reduce((sum, value) => sum + value, 0);
}
