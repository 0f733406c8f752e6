import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { allTenants, clientNeedingAction, signInAsDemoAdviser } from './support/signed-in-adviser.ts';
import { tenantUrl } from './support/tenant-url.ts';

for (const tenant of allTenants) {
  test.describe(`${tenant}: a client's accounts`, () => {
    test('lists the accounts by institution, with a connection needing action marked', async ({ page }) => {
      await signInAsDemoAdviser(page, tenant);
      const client = await clientNeedingAction(page, tenant);
      expect(client, 'a demo client with an active consent and a connection needing action').toBeDefined();
      if (!client) return;
      await page.goto(tenantUrl(tenant, `/user/details/${client.id}/overview`));

      await page
        .getByRole('navigation', { name: 'Client pages' })
        .getByRole('link', { name: 'Accounts' })
        .click();

      await expect(page).toHaveURL(tenantUrl(tenant, `/user/details/${client.id}/accounts`));
      await expect(page).toHaveTitle(/^Accounts - /);
      await expect(page.getByRole('heading', { level: 2, name: 'Accounts' })).toBeVisible();
      await expect(page.getByTestId('accounts-count')).toHaveText(/^\d+ accounts?$/);
      const needingAction = page.locator('[data-needs-action]');
      await expect(needingAction.first()).toBeVisible();
      await expect(
        needingAction
          .first()
          .getByText(/Needs action|Failed/)
          .first(),
      ).toBeVisible();
      await expect(
        needingAction
          .first()
          .getByText('The client needs to act on this connection before its accounts refresh again.'),
      ).toBeVisible();
      const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
      await expect(rows.first()).toBeVisible();
      await expect(rows.first().getByRole('cell').nth(0)).not.toBeEmpty();
      await expect(page.getByText(/\$[\d,]+\.\d{2}/).first()).toBeVisible();

      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `client-accounts-${tenant}`);
    });
  });
}
