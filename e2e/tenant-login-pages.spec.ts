import { expect, test } from '@playwright/test';
import { type TenantId, tenantIds, tenants } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { tenantUrl } from './support/tenant-url.ts';

// Each password tenant's host serves that tenant's own sign-in page: title, theme, logo, favicon
// and font. The single sign-on tenant's sign-in is the provider's page (spec §2).
for (const tenantId of tenantIds as readonly TenantId[]) {
  const tenant = tenants[tenantId];
  const brandPath = tenantId === 'waratah' ? '/no/such/page' : '/';

  test(`${tenantId}: the portal wears the tenant's brand`, async ({ page }) => {
    await page.goto(tenantUrl(tenantId, brandPath));

    if (tenantId !== 'waratah') {
      await expect(page).toHaveTitle(`Sign in - ${tenant.name} Adviser Portal`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(tenant.name);
    }
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
    await saveScreenshot(page, tenantId === 'waratah' ? 'brand-waratah' : `login-${tenantId}`);
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

test("waratah: entering the sign-in page starts the provider's login", async ({ page }) => {
  await page.goto(tenantUrl('waratah'));

  await expect(page).toHaveURL(/\/oauth2\/interaction\//);
  await expect(page).toHaveTitle(`Sign in - ${tenants.waratah.name} Adviser Portal`);
  await expectNoSeriousAxeViolations(page);
  await saveScreenshot(page, 'login-waratah');
});
