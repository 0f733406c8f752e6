import { expect, type Page, test } from '@playwright/test';
import type { TenantId } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { demoAdviser, signInWithPassword, signInWithProvider } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { tenantUrl } from './support/tenant-url.ts';

interface DemoClient {
  id: number;
  needs_action_count: number;
  consent: { status: string; expiry: string | null } | null;
}

async function signIn(page: Page, tenant: TenantId) {
  if (tenant === 'waratah') {
    await page.goto(tenantUrl(tenant, '/dashboard'));
    await signInWithProvider(page, demoAdviser(tenant));
  } else {
    await signInWithPassword(page, tenant);
  }
  await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
}

/** A demo client whose data the adviser may read and who has a connection needing action. */
async function clientNeedingAction(page: Page, tenant: TenantId): Promise<DemoClient | undefined> {
  const family = tenant === 'waratah' ? 'adviser' : 'admin';
  const clients = await page.evaluate(async (path) => {
    const token = window.localStorage.getItem('waratah.accessToken');
    const response = await fetch(path, {
      credentials: 'include',
      // The single sign-on tenant authenticates by cookie and names itself, as the portal does.
      headers: token ? { Authorization: `Bearer ${token}` } : { 'X-Tenant-Id': 'waratah' },
    });
    const body = (await response.json()) as { data?: DemoClient[] };
    if (!body.data) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body.data;
  }, `/api/${family}/users?size=100`);
  return clients.find(
    ({ consent, needs_action_count }) =>
      needs_action_count > 0 &&
      (consent?.status === 'active' || consent?.status === 'in_use') &&
      (consent.expiry === null || new Date(consent.expiry) > new Date()),
  );
}

const tenants: TenantId[] = ['moneypartner', 'waratahlabs', 'waratah'];

for (const tenant of tenants) {
  test.describe(`${tenant}: a client's accounts`, () => {
    test('lists the accounts by institution, with a connection needing action marked', async ({ page }) => {
      await signIn(page, tenant);
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
