import { expect, type Page, test } from '@playwright/test';
import type { TenantId } from '@waratah/tenants';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { tenantUrl } from './support/tenant-url.ts';

const passwordTenants: TenantId[] = ['moneypartner', 'waratahlabs'];

/** The verification code the platform e-mailed, read from the development mailbox. */
async function mailedCode(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { data } = await page.evaluate(
        async (address) =>
          (await fetch(`/dev/mailbox/messages.json?to=${encodeURIComponent(address)}`)).json(),
        to,
      );
      code = /\b(\d{6})\b/.exec(data?.[0]?.subject ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

for (const tenant of passwordTenants) {
  test(`${tenant}: registers a practice from the profile to the application in review`, async ({ page }) => {
    test.setTimeout(90_000);
    const email = `e2e-${tenant}-${Date.now()}@example.test`;
    const password = 'Correct horse 42 battery staple';

    await page.goto(tenantUrl(tenant, '/register'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please agree to the terms and privacy policy')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `register-profile-${tenant}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'First name' }).fill('Casey');
    await page.getByRole('textbox', { name: 'Last name' }).fill("O'Neill");
    await page.getByRole('checkbox', { name: /I agree to the/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible();
    await expect(
      page.getByText('If that address already has an account, we have e-mailed it how to sign in instead.', {
        exact: false,
      }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `register-verify-${tenant}`);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(await mailedCode(page, email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Email verified', { exact: true }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Create a password' })).toBeVisible();
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Create password' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your business' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Business name' }).fill("O'Neill Advice");
    await page.getByRole('textbox', { name: 'ABN' }).fill('51 824 753 556');
    await page.getByRole('textbox', { name: 'Street address' }).fill('1 George St');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Sydney');
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'NSW' }).click();
    await page.getByRole('textbox', { name: 'Postcode' }).fill('2000');
    await page.getByRole('textbox', { name: 'Phone' }).fill('02 9000 0000');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Profession' }).click();
    await page.getByRole('option', { name: 'Broker' }).click();
    await page.getByRole('textbox', { name: 'Australian credit licence number' }).fill('123456');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Submit application' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Registration Complete' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `register-complete-${tenant}`);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(tenantUrl(tenant, '/unverified'));
  });
}
