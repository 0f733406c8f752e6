import { expect, test } from '@playwright/test';
import { type TenantId, tenantIds, tenants } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { tenantUrl } from './support/tenant-url.ts';

// The component gallery (packages/ui/gallery) in every tenant theme: each widget renders,
// takes the tenant's colours and passes axe.
for (const tenantId of tenantIds as readonly TenantId[]) {
  test(`${tenantId}: the component gallery renders in the tenant theme`, async ({ page }) => {
    await page.goto(tenantUrl(tenantId, `/dev/gallery/?tenant=${tenantId}`));

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--tenant-primary').trim(),
    );
    expect(primary.toLowerCase()).toBe(tenants[tenantId].theme.colorPrimary.toLowerCase());
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByLabel('Search by provider name')).toBeVisible();
    await expect(page.getByText('Sorry, we could not find any results.').first()).toBeVisible();

    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `gallery-${tenantId}`);
  });
}
