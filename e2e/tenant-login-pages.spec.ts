import { expect, test } from '@playwright/test';
import { type TenantId, tenantIds, tenants } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { tenantUrl } from './support/tenant-url.ts';

// Each tenant's host serves that tenant's own sign-in page: title, theme, logo, favicon and font.
for (const tenantId of tenantIds as readonly TenantId[]) {
  const tenant = tenants[tenantId];

  test(`${tenantId}: the sign-in page wears the tenant's brand`, async ({ page }) => {
    await page.goto(tenantUrl(tenantId));

    await expect(page).toHaveTitle(`Sign in - ${tenant.name} Adviser Portal`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tenant.name);
    await expect(page.locator('html')).toHaveAttribute('data-tenant', tenantId);

    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--tenant-primary').trim(),
    );
    expect(primary.toLowerCase()).toBe(tenant.theme.colorPrimary.toLowerCase());

    const favicon = page.locator('link[rel="icon"]');
    await expect(favicon).toHaveAttribute('href', tenant.assets.faviconUrl);
    const faviconStatus = await page.evaluate(
      async (url) => (await fetch(url)).status,
      tenant.assets.faviconUrl,
    );
    expect(faviconStatus).toBe(200);

    const logo = page
      .locator(`img[src="${tenant.assets.logoReversedUrl}"], img[src="${tenant.assets.logoUrl}"]`)
      .first();
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    const fontFamily = tenant.theme.fontFamily.split(',')[0]?.trim() ?? '';
    await expect
      .poll(() => page.evaluate((family) => document.fonts.check(`16px ${family}`), fontFamily))
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].some((font) => font.status === 'loaded')))
      .toBe(true);

    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `login-${tenantId}`);
  });

  test(`${tenantId}: an unknown path shows the not-found page`, async ({ page }) => {
    await page.goto(tenantUrl(tenantId, '/no/such/page'));

    await expect(page).toHaveTitle(`Not Found - ${tenant.name} Adviser Portal`);
    await expect(page.getByText('Oops!')).toBeVisible();
    await expect(page.getByText("We can't seem to find the page you are looking for.")).toBeVisible();
    await expect(
      page.getByText('You may have mistyped the address or the page may have moved.'),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `not-found-${tenantId}`);
  });
}
