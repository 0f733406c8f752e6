import { expect, type Page, test } from '@playwright/test';
import type { TenantId } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { demoAdviser, signInWithPassword, signInWithProvider } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { tenantUrl } from './support/tenant-url.ts';

interface DemoClient {
  id: number;
  given_name: string;
  family_name: string;
  needs_action_count: number;
  consent: { status: string; expiry: string | null } | null;
}

/** Signs the tenant's demo adviser in, the way that tenant signs in, and waits for the dashboard. */
async function signIn(page: Page, tenant: TenantId) {
  if (tenant === 'waratah') {
    await page.goto(tenantUrl(tenant, '/dashboard'));
    await signInWithProvider(page, demoAdviser(tenant));
  } else {
    await signInWithPassword(page, tenant);
  }
  await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
}

/** The adviser's demo clients, asked of the platform with the page's own credentials. */
async function demoClients(page: Page, tenant: TenantId): Promise<DemoClient[]> {
  const family = tenant === 'waratah' ? 'adviser' : 'admin';
  return page.evaluate(async (path) => {
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
}

function readable(client: DemoClient): boolean {
  const consent = client.consent;
  return (
    (consent?.status === 'active' || consent?.status === 'in_use') &&
    (consent.expiry === null || new Date(consent.expiry) > new Date())
  );
}

const tenants: TenantId[] = ['moneypartner', 'waratahlabs', 'waratah'];

for (const tenant of tenants) {
  test.describe(`${tenant}: a client's overview`, () => {
    test('opens on the overview with position, cash flow, budget, goals and refresh status', async ({
      page,
    }) => {
      await signIn(page, tenant);
      const clients = await demoClients(page, tenant);
      const client = clients.find((candidate) => readable(candidate) && candidate.needs_action_count > 0);
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
      await expect(page.getByText(/connections? needs? attention\./)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Goals' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Accounts', level: 2 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);

      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `client-overview-${tenant}`);
    });

    test('shows a clear page, and no data, for a client whose consent is not active', async ({ page }) => {
      await signIn(page, tenant);
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
      await signIn(page, tenant);

      await page.goto(tenantUrl(tenant, '/user/details/987654321/overview'));

      await expect(page.getByRole('heading', { name: "This client's data is not available" })).toBeVisible();
      await expect(page.getByText(/not linked to your practice/)).toBeVisible();
      await page.getByRole('link', { name: 'Back to clients' }).last().click();
      await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
    });
  });
}
