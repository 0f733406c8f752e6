import { expect, test } from '@playwright/test';
import type { TenantId } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { demoAdviser, signInWithPassword, signInWithProvider } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { tenantUrl } from './support/tenant-url.ts';

const passwordTenants: TenantId[] = ['moneypartner', 'waratahlabs'];

for (const tenant of passwordTenants) {
  test.describe(`${tenant}: the route guard`, () => {
    test('sends a signed-out visitor to sign in, then on to the page they asked for', async ({ page }) => {
      await page.goto(tenantUrl(tenant, '/dashboard'));
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));

      await signInWithPassword(page, tenant);
      await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
    });

    test('sends /set-password without a token to sign in', async ({ page }) => {
      await page.goto(tenantUrl(tenant, '/set-password'));
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));
    });

    test('shows set password in invite mode with its live criteria', async ({ page }) => {
      await page.goto(tenantUrl(tenant, '/set-password?invitation_token=unknown'));

      await expect(page.getByRole('heading', { level: 1, name: 'Set password' })).toBeVisible();
      await page.getByLabel(/^New password/).fill('short');
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect(page.getByText("Your password doesn't meet all the criteria below")).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `set-password-${tenant}`);
    });

    test('opens registration at the profile step', async ({ page }) => {
      await page.goto(tenantUrl(tenant, '/register'));

      await expect(page).toHaveURL(tenantUrl(tenant, '/register/profile'));
      await expect(page.getByRole('heading', { level: 1, name: 'Register Profile' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    });

    test('sends an unverified practice to the application in review', async ({ page }) => {
      await signInWithPassword(page, tenant, demoAdviser(tenant, 'unverified'));

      await expect(page).toHaveURL(tenantUrl(tenant, '/unverified'));
      await expect(page.getByRole('heading', { level: 1, name: 'Application in review' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `unverified-${tenant}`);
    });

    test('sends a disabled practice to the page that says so', async ({ page }) => {
      await signInWithPassword(page, tenant, demoAdviser(tenant, 'disabled'));

      await expect(page).toHaveURL(tenantUrl(tenant, '/disabled'));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Could not verify application' }),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });

    test('sends an adviser without a practice to the company step', async ({ page }) => {
      await signInWithPassword(page, tenant, demoAdviser(tenant, 'registering'));

      await expect(page).toHaveURL(tenantUrl(tenant, '/register/company'));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Tell us about your business' }),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });

    test('shows the error page and the reset password page', async ({ page }) => {
      await page.goto(tenantUrl(tenant, '/error'));
      await expect(page.getByRole('heading', { level: 1, name: 'We ran into an issue' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.goto(tenantUrl(tenant, '/reset-password'));
      await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.test');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('We have emailed you instructions to recover your password')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `reset-password-${tenant}`);
    });
  });
}

test.describe('waratah: the route guard with single sign-on', () => {
  test("the first registration steps start the provider's registration", async ({ page }) => {
    await page.goto(tenantUrl('waratah', '/register/profile'));

    await expect(page).toHaveURL(/\/oauth2\/interaction\//);
    await expect(page).toHaveTitle('Create an account - Waratah Adviser Portal');
  });

  test('an adviser without a practice lands on the company step and can register it', async ({ page }) => {
    await page.goto(tenantUrl('waratah', '/dashboard'));
    await signInWithProvider(page, demoAdviser('waratah', 'registering'));

    await expect(page).toHaveURL(tenantUrl('waratah', '/register/company'));
    await page.getByRole('textbox', { name: 'Business name' }).fill('Single Sign-On Advice');
    await page.getByRole('textbox', { name: 'ABN' }).fill('51 824 753 556');
    await page.getByRole('textbox', { name: 'Street address' }).fill('1 George St');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Sydney');
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'NSW' }).click();
    await page.getByRole('textbox', { name: 'Postcode' }).fill('2000');
    await page.getByRole('textbox', { name: 'Phone' }).fill('02 9000 0000');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeVisible();
  });
});
