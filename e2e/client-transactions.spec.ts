import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import {
  activeClientId,
  activeClientIds,
  allTenants,
  apiGet,
  signInAsDemoAdviser,
} from './support/signed-in-adviser.ts';
import { loopbackUrl, tenantHostHeader, tenantUrl } from './support/tenant-url.ts';

// Whole journeys: sign-in, several reloads and an accessibility scan each.
test.describe.configure({ timeout: 60_000 });

async function transactionCount(page: Page, clientId: number, query: string): Promise<number> {
  const body = await apiGet<{ data: { count: number } }>(
    page,
    `/api/v2/transactions/summary?${query}`,
    clientId,
  );
  return body.data.count;
}

interface TransactionPage {
  data: { id: number }[];
  paging: { cursors: { after?: string } };
}

function transactionPage(page: Page, clientId: number, query: string): Promise<TransactionPage> {
  return apiGet<TransactionPage>(page, `/api/v2/transactions?${query}`, clientId);
}

for (const tenant of allTenants) {
  test.describe(`${tenant}: a client's transactions`, () => {
    test('filters kept in the URL survive a reload, and paging goes on from there', async ({ page }) => {
      await signInAsDemoAdviser(page, tenant);
      const clientId = await activeClientId(page, tenant);
      const path = `/user/details/${clientId}/transactions`;
      await page.goto(tenantUrl(tenant, `${path}?budget_category=living&base_type=debit`));

      await expect(page.getByRole('heading', { level: 2, name: 'Transactions' })).toBeVisible();
      const active = page.getByRole('list', { name: 'Active filters' });
      await expect(active.getByText('Budget: Living')).toBeVisible();
      await expect(active.getByText('Money out (debits)')).toBeVisible();
      const table = page.getByRole('table', { name: "The client's transactions, newest first" });
      await expect(table).toBeVisible();
      // Every row's category at once (one round trip, where a check per cell took 50).
      const categories = table.locator('td[data-column="category"]');
      await expect(categories.first()).toBeVisible();
      await expect
        .poll(async () => (await categories.allInnerTexts()).filter((text) => !text.includes('Living')))
        .toEqual([]);
      await expect(page.getByText(/^[\d,]+ transactions?$/)).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `client-transactions-${tenant}`);

      await page.getByRole('searchbox', { name: 'Search' }).fill('woolworths');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/search_term=woolworths/);
      await expect(active.getByText('Search: woolworths')).toBeVisible();

      await page.reload();
      await expect(page).toHaveURL(/budget_category=living&base_type=debit&search_term=woolworths$/);
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('woolworths');
      await expect(active.getByText('Search: woolworths')).toBeVisible();
      await expect(table.locator('tbody tr').first()).toContainText(/woolworths/i);

      await active.getByText('Search: woolworths').getByRole('button', { name: 'Dismiss filter' }).click();
      await expect(page).not.toHaveURL(/search_term/);
      // The pages the platform itself gives for the view (the portal asks for 50 rows a page): the
      // screen must show exactly these, whatever order the answers arrive in.
      const view = 'budget_category=living&base_type=debit&size=50';
      const pageOne = await transactionPage(page, clientId, view);
      const firstRow = table.locator('tbody tr').first();
      await expect(firstRow).toHaveAttribute('data-transaction-id', String(pageOne.data[0]?.id));
      await page
        .getByRole('navigation', { name: 'Pages of transactions' })
        .getByRole('button', { name: 'Next' })
        .click();
      const after = pageOne.paging.cursors.after ?? '';
      await expect(page).toHaveURL(new RegExp(`after=${after}&page=2$`));
      const pageTwo = await transactionPage(page, clientId, `${view}&after=${after}`);
      await expect(firstRow).toHaveAttribute('data-transaction-id', String(pageTwo.data[0]?.id));
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

      await page.reload();
      await expect(page.getByText(/^Page 2 of [\d,]+$/)).toBeVisible();
      await expect(firstRow).toHaveAttribute('data-transaction-id', String(pageTwo.data[0]?.id));
    });

    test('recategorising a transaction shows at once, stays after a reload and moves the totals', async ({
      page,
    }) => {
      await signInAsDemoAdviser(page, tenant);
      const clientId = (await activeClientIds(page, tenant)).at(-1) ?? 0;
      const travel = 'transaction_category_ids=31';
      const travelBefore = await transactionCount(page, clientId, travel);
      await page.goto(tenantUrl(tenant, `/user/details/${clientId}/transactions?search_term=woolworths`));

      // A row not yet in Travel, so that a retry of this journey still moves the count.
      const row = page
        .locator('tbody tr')
        .filter({ hasNot: page.locator('td[data-column="category"]', { hasText: 'Travel' }) })
        .first();
      await expect(row).toBeVisible();
      const id = await row.getAttribute('data-transaction-id');
      const sameRow = page.locator(`tr[data-transaction-id="${id}"]`);
      await sameRow.getByRole('checkbox').check();
      await page.getByRole('toolbar').getByRole('button', { name: 'Recategorise' }).click();
      const dialog = page.getByRole('dialog', { name: 'Recategorise 1 transaction' });
      await dialog.getByRole('combobox', { name: 'Category', exact: true }).click();
      await page.getByRole('option', { name: /^Travel/ }).click();
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('button', { name: 'Save' }).click();

      await expect(sameRow.locator('td[data-column="category"]')).toContainText('Travel');
      await expect(sameRow.locator('td[data-column="category"]')).toContainText('One-off');
      await expect(page.getByText('1 transaction recategorised as Travel', { exact: true })).toBeVisible();
      await expect.poll(() => transactionCount(page, clientId, travel)).toBe(travelBefore + 1);

      await page.getByRole('toolbar').getByRole('button', { name: 'Edit tags' }).click();
      const tags = page.getByRole('dialog', { name: 'Tags of 1 transaction' });
      await tags.getByLabel('New tag').fill('review');
      await tags.getByRole('button', { name: 'Add tag' }).click();
      await expect(tags.getByRole('button', { name: 'Remove tag review' })).toBeVisible();
      await tags.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('toolbar').getByRole('button', { name: 'Exclude' }).click();
      await expect(sameRow.getByText('Excluded')).toBeVisible();
      await saveScreenshot(page, `client-transactions-recategorised-${tenant}`);

      await page.reload();
      await expect(sameRow.locator('td[data-column="category"]')).toContainText('Travel');
      await expect(sameRow.getByText('review')).toBeVisible();
      await expect(sameRow.getByText('Excluded')).toBeVisible();
    });
  });
}

test('moneypartner: without transaction_categorisation the list offers no changes', async ({
  page,
  request,
}) => {
  // The app config as the platform serves it, with the one feature switched off.
  const configPath = '/api/v2/config/app/adviser-web-portal';
  const config = await (
    await request.get(loopbackUrl(configPath), { headers: tenantHostHeader('moneypartner') })
  ).json();
  for (const platform of config.data.platforms)
    for (const feature of platform.features)
      if (feature.key === 'transaction_categorisation') feature.enabled = false;
  await page.route(`**${configPath}`, (route) => route.fulfill({ json: config }));
  await signInAsDemoAdviser(page, 'moneypartner');
  const [clientId] = await activeClientIds(page, 'moneypartner');
  await page.goto(tenantUrl('moneypartner', `/user/details/${clientId}/transactions`));

  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('toolbar')).toHaveCount(0);
});
