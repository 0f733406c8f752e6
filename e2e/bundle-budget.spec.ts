import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type TenantId, tenantIds } from '@waratah/tenants';
import { budgetBreaches, kib, measureBundle } from '../bench/src/bundle-budget.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { activeClientId, signInAsDemoAdviser } from './support/signed-in-adviser.ts';
import { tenantUrl } from './support/tenant-url.ts';

// Global setup has built the portal, so the budget is checked on every e2e run (issue 10).
test('the built portal keeps within its bundle budget', () => {
  const figures = measureBundle(join(import.meta.dirname, '../apps/portal/dist'));
  expect(figures, 'apps/portal/dist is built').toBeDefined();
  if (!figures) return;
  test.info().annotations.push({
    type: 'bundle',
    description: `login ${kib(figures.loginInitialJs.gzipBytes)}; ${figures.clientPages
      .map((page) => `${page.name} ${kib(page.gzipBytes)}`)
      .join(', ')}`,
  });
  expect(budgetBreaches(figures)).toEqual([]);
});

// The overview's charts load after the page with the chart library; their placeholders take the
// charts' place exactly, so nothing moves when they arrive.
test("the overview's chart placeholders are the charts' size", async ({ page }) => {
  await signInAsDemoAdviser(page, 'moneypartner');
  const clientId = await activeClientId(page, 'moneypartner');
  let releaseCharts = () => {};
  const chartsHeld = new Promise<void>((resolve) => {
    releaseCharts = resolve;
  });
  await page.route(/\/assets\/charts-[\w-]+\.js$/, async (route) => {
    await chartsHeld;
    await route.continue();
  });
  await page.goto(tenantUrl('moneypartner', `/user/details/${clientId}/overview`));

  const placeholders = page.locator('[data-slot="bar-chart-placeholder"]');
  await expect(placeholders).toHaveCount(2);
  await expect(placeholders.first()).toContainText('Income');
  const before = await placeholders.first().boundingBox();
  await saveScreenshot(page, 'overview-chart-placeholders');

  releaseCharts();
  const chart = page.locator('[data-slot="bar-chart-card"]').first();
  await expect(chart.getByRole('img', { name: /^Income\. / })).toBeVisible();
  await expect(placeholders).toHaveCount(0);
  expect(await chart.boundingBox()).toEqual(before);
  await saveScreenshot(page, 'overview-charts');
});

// The Content-Security-Policy must not break a page: no violation on the sign-in pages, the gallery
// or the identity's page (which sends a stricter policy of its own).
for (const tenantId of tenantIds as readonly TenantId[]) {
  test(`${tenantId}: the pages run under the Content-Security-Policy`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto(tenantUrl(tenantId, '/'));
    expect(response?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await page.waitForLoadState('networkidle');
    await page.goto(tenantUrl(tenantId, `/dev/gallery/?tenant=${tenantId}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(tenantUrl(tenantId, '/'));
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, `csp-login-${tenantId}`);
    expect(violations).toEqual([]);
  });
}
