import { readFile } from 'node:fs/promises';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { activeClientId, allTenants, signInAsDemoAdviser } from './support/signed-in-adviser.ts';
import { tenantUrl } from './support/tenant-url.ts';

/** Presses 'Create document' in the open drawer and waits for the file the portal hands to the browser. */
async function createAndDownload(page: Page, drawer: Locator): Promise<Download> {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await drawer.getByRole('button', { name: 'Create document' }).click();
  const download = await downloading;
  await expect(drawer.getByTestId('document-job').first()).toHaveAttribute('data-status', 'completed');
  return download;
}

async function firstBytes(download: Download, count: number): Promise<Buffer> {
  return (await readFile(await download.path())).subarray(0, count);
}

async function expectPdf(download: Download, name: RegExp): Promise<void> {
  expect(download.suggestedFilename()).toMatch(name);
  expect((await firstBytes(download, 5)).toString('latin1')).toBe('%PDF-');
}

async function openDrawer(page: Page, trigger: string, title: string): Promise<Locator> {
  await page.getByRole('button', { name: trigger }).click();
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeDrawer(page: Page, drawer: Locator): Promise<void> {
  // The download's toast (bottom right, spec §9) can sit over the drawer's footer: close it with
  // its own × button, as an adviser would, rather than wait out its seconds on screen (a toast
  // under the pointer stays while hovered, so the pointer moves away first). The drawer, a modal
  // dialog, hides the rest of the page from the accessibility tree, so the button is found among
  // hidden elements too.
  await page.mouse.move(0, 0);
  const toasts = page.locator('[data-slot="toast"]');
  await expect(async () => {
    const open = toasts.and(page.locator('[data-state="open"]'));
    if ((await open.count()) > 0)
      await open
        .first()
        .getByRole('button', { name: 'Close', exact: true, includeHidden: true })
        .click({ timeout: 1000 });
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drawer).toBeHidden();
}

for (const tenant of allTenants) {
  test.describe(`${tenant}: documents`, () => {
    test('each document of the client pages ends in a downloaded file of its type', async ({ page }) => {
      test.setTimeout(120_000);
      await signInAsDemoAdviser(page, tenant);
      const clientId = await activeClientId(page, tenant);

      await test.step('account statement (PDF)', async () => {
        await page.goto(tenantUrl(tenant, `/user/details/${clientId}/accounts`));
        await expect(page.getByTestId('accounts-count')).toBeVisible();
        await saveScreenshot(page, `documents-accounts-${tenant}`);
        const drawer = await openDrawer(page, 'Account statement', 'Account statement');
        const account = drawer.getByRole('combobox', { name: 'Account' });
        await expect(account).toBeEnabled();
        await account.click();
        await page.getByRole('option').nth(1).click();
        const download = await createAndDownload(page, drawer);
        await expectPdf(download, /^statement_.+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
        await expect(drawer.getByText(/: downloaded$/)).toBeAttached();
        await expectNoSeriousAxeViolations(page);
        await saveScreenshot(page, `documents-statement-${tenant}`);
        await closeDrawer(page, drawer);
      });

      await test.step('account-balance summary (PDF)', async () => {
        const drawer = await openDrawer(page, 'Balance summary', 'Account-balance summary');
        const download = await createAndDownload(page, drawer);
        await expectPdf(download, /^account-balances_.+_\d{4}-\d{2}-\d{2}\.pdf$/);
        await closeDrawer(page, drawer);
      });

      await test.step('transactions spreadsheet (XLSX)', async () => {
        await page.goto(tenantUrl(tenant, `/user/details/${clientId}/transactions`));
        const drawer = await openDrawer(page, 'Download spreadsheet', 'Transactions spreadsheet');
        const period = drawer.getByRole('combobox', { name: 'Period' });
        await period.click();
        await page.getByRole('option', { name: /^(12 months|past year)$/ }).click();
        const download = await createAndDownload(page, drawer);
        expect(download.suggestedFilename()).toMatch(/^transactions_.+\.xlsx$/);
        // An XLSX file is a zip archive.
        expect([...(await firstBytes(download, 4))]).toEqual([0x50, 0x4b, 0x03, 0x04]);
        await saveScreenshot(page, `documents-spreadsheet-${tenant}`);
        await closeDrawer(page, drawer);
      });

      await test.step('insights (PDF)', async () => {
        await page.goto(tenantUrl(tenant, `/user/details/${clientId}/overview`));
        const drawer = await openDrawer(page, 'Download insights PDF', 'Insights PDF');
        const download = await createAndDownload(page, drawer);
        await expectPdf(download, /^financial-overview_.+\.pdf$/);
        await expectNoSeriousAxeViolations(page);
        await closeDrawer(page, drawer);
        await saveScreenshot(page, `documents-overview-${tenant}`);
      });
    });

    test('a financial passport export ends in a PDF and is listed with its status', async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsDemoAdviser(page, tenant);
      const clientId = await activeClientId(page, tenant);
      await page.goto(tenantUrl(tenant, `/user/details/${clientId}/financial-passport`));
      await expect(page.getByRole('heading', { level: 2, name: 'Financial Passport' })).toBeVisible();

      const drawer = await openDrawer(page, 'Export PDF', 'Export the financial passport');
      const download = await createAndDownload(page, drawer);
      await expectPdf(download, /^financial-passport_.+\.pdf$/);
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `documents-passport-${tenant}`);
    });
  });
}
