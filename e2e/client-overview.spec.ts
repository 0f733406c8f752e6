import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import {
  allTenants,
  clientNeedingAction,
  demoClients,
  signInAsDemoAdviser,
} from './support/signed-in-adviser.ts';
import { tenantUrl } from './support/tenant-url.ts';

for (const tenant of allTenants) {
  test.describe(`${tenant}: a client's overview`, () => {
    test('opens on the overview with position, cash flow, budget, goals and refresh status', async ({
      page,
    }) => {
      await signInAsDemoAdviser(page, tenant);
      const client = await clientNeedingAction(page, tenant);
      expect(client, 'a demo client with an active consent and a connection needing action').toBeDefined();
      if (!client) return;

      await page.goto(tenantUrl(tenant, `/user/details/${client.id}`));

      await expect(page).toHaveURL(tenantUrl(tenant, `/user/details/${client.id}/overview`));
      await expect(
        page.getByRole('heading', { level: 1, name: `${client.given_name} ${client.family_name}` }),
      ).toBeVisible();
      await expect(page).toHaveTitle(/^Overview - /);
      const tabs = page.getByRole('navigation', { name: 'Client pages' });
      await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('Assets', { exact: true })).toBeVisible();
      await expect(page.getByText('Liabilities', { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: /^Income\. / })).toBeVisible();
      await expect(page.getByRole('img', { name: /^Spending\. / })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Budget categories' })).toBeVisible();
      await expect(page.locator('[data-category]').first()).toBeVisible();
      // A household's spending: thousands of dollars a month, and living costs going out, not in.
      const spending =
        (await page.getByRole('img', { name: /^Spending\. / }).getAttribute('aria-label')) ?? '';
      expect(spending.match(/\$\d+(\.\d)?K/g)?.length ?? 0, spending).toBeGreaterThanOrEqual(4);
      await expect(page.locator('[data-category="living"]')).toContainText(/\bout$/);
      // Every month is named under its bar (recharts drops a label it thinks too close otherwise).
      for (const chart of await page.locator('[data-slot="bar-chart-card"]').all())
        await expect(chart.locator('.recharts-xAxis-tick-labels text')).toHaveCount(6);
      await expect(page.getByText(/connections? needs? attention\./)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Goals' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Accounts', level: 2 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);

      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `client-overview-${tenant}`);
    });

    test('shows a clear page, and no data, for a client whose consent is not active', async ({ page }) => {
      await signInAsDemoAdviser(page, tenant);
      const clients = await demoClients(page, tenant);
      const client = clients.find(
        (candidate) => candidate.consent?.status === 'withdrawn' || candidate.consent?.status === 'expired',
      );
      expect(client, 'a demo client whose consent ended').toBeDefined();
      if (!client) return;

      await page.goto(tenantUrl(tenant, `/user/details/${client.id}/overview`));

      await expect(page.getByRole('heading', { name: "This client's data is not available" })).toBeVisible();
      await expect(page.getByText(/so their financial data is no longer shared with you/)).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Client pages' })).toHaveCount(0);
      await expect(page.getByText('Net position')).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `client-unavailable-${tenant}`);
    });

    test('shows the same clear page for a client who is not the adviser’s', async ({ page }) => {
      await signInAsDemoAdviser(page, tenant);

      await page.goto(tenantUrl(tenant, '/user/details/987654321/overview'));

      await expect(page.getByRole('heading', { name: "This client's data is not available" })).toBeVisible();
      await expect(page.getByText(/not linked to your practice/)).toBeVisible();
      await page.getByRole('link', { name: 'Back to clients' }).last().click();
      await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
    });
  });
}
