import { expect, type Page, test } from '@playwright/test';
import type { TenantId } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { activeClientIds, allTenants, apiGet, signInAsDemoAdviser } from './support/signed-in-adviser.ts';
import { tenantUrl } from './support/tenant-url.ts';

interface DemoGoal {
  name: string;
  status: string;
}

/**
 * A demo client with an active consent and goals, with those goals. The last such client, so that
 * the goal this journey adds stays out of the way of the journeys that read the first clients.
 */
async function clientWithGoals(page: Page, tenant: TenantId): Promise<{ id: number; goals: DemoGoal[] }> {
  for (const id of (await activeClientIds(page, tenant, 100)).reverse()) {
    const goals = await apiGet<{ data: DemoGoal[] }>(page, '/api/v2/goals?status=all', id);
    if (goals.data.some((goal) => goal.status === 'active') && goals.data.length > 1) {
      return { id, goals: goals.data };
    }
  }
  throw new Error('no demo client with an active consent and goals');
}

for (const tenant of allTenants) {
  test.describe(`${tenant}: a client's goals`, () => {
    test('lists the goals by status group, with amounts, dates and progress', async ({ page }) => {
      await signInAsDemoAdviser(page, tenant);
      const client = await clientWithGoals(page, tenant);

      await page.goto(tenantUrl(tenant, `/user/details/${client.id}/goals`));

      await expect(page).toHaveTitle(/^Goals - /);
      await expect(page.getByRole('heading', { level: 2, name: 'Goals' })).toBeVisible();
      const filters = page.getByRole('tablist', { name: 'Goals to show' });
      await expect(filters.getByRole('tab')).toHaveText([
        'Current',
        'In progress',
        'Previous',
        'Ended',
        'All',
      ]);
      await expect(filters.getByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true');
      const cards = page.getByTestId('goal-card');
      await expect(cards.first()).toBeVisible();
      await expect(cards.first().getByRole('progressbar')).toBeVisible();
      await expect(cards.first().getByText('Target type')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `client-goals-${tenant}`);

      await filters.getByRole('tab', { name: 'All' }).click();
      await expect(page).toHaveURL(/\?status=all$/);
      await expect(cards).toHaveCount(client.goals.length);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
      await expect(cards).toHaveCount(client.goals.length);

      await page.getByRole('tab', { name: 'Previous' }).click();
      // Read now, not with the list above: the progress job (every 15 minutes) may have ended a
      // goal meanwhile.
      const previous = (await apiGet<{ data: DemoGoal[] }>(page, '/api/v2/goals?status=previous', client.id))
        .data.length;
      if (previous === 0) await expect(page.getByText('No goals to show')).toBeVisible();
      else await expect(cards).toHaveCount(previous);
    });

    test('adds a goal, which then appears in the list', async ({ page }) => {
      await signInAsDemoAdviser(page, tenant);
      const client = await clientWithGoals(page, tenant);
      const name = `Boat ${tenant} ${Date.now()}`;

      await page.goto(tenantUrl(tenant, `/user/details/${client.id}/goals`));
      // The page's own action; the client tabs above have an 'Add goal' link too.
      await page.getByTestId('add-goal-action').click();
      await expect(page).toHaveURL(tenantUrl(tenant, `/user/details/${client.id}/add-goal`));
      await expect(page).toHaveTitle(/^Add goal - /);
      await expect(page.getByRole('heading', { level: 2, name: 'Add goal' })).toBeVisible();

      await page.getByRole('button', { name: 'Add goal' }).click();
      await expect(page.getByRole('alert')).toContainText('Please choose an account');
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `client-add-goal-errors-${tenant}`);

      await page.getByRole('textbox', { name: /^Goal name/ }).fill(name);
      await page.getByRole('combobox', { name: /^Account/ }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('combobox', { name: /^Frequency/ }).click();
      await page.getByRole('option', { name: 'Fortnightly' }).click();
      await page.getByRole('textbox', { name: /^Target amount/ }).fill('12,500');
      await page.getByRole('textbox', { name: /^Amount per period/ }).fill('250.25');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await saveScreenshot(page, `client-add-goal-${tenant}`);
      await page.getByRole('button', { name: 'Add goal' }).click();

      await expect(page).toHaveURL(tenantUrl(tenant, `/user/details/${client.id}/goals`));
      // The toaster also announces it to screen readers, in a second, hidden copy.
      await expect(page.getByText(`Goal '${name}' added`).first()).toBeVisible();
      const card = page.getByTestId('goal-card').filter({ hasText: name });
      await expect(card).toBeVisible();
      await expect(card.getByText('$12,500.00')).toBeVisible();
      await expect(card.getByText('$250.25')).toBeVisible();
      await expect(card.getByText('Fortnightly')).toBeVisible();
      await expect(card.getByText('Active')).toBeVisible();
    });
  });
}
