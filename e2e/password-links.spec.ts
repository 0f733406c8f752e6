import { expect, type Page, test } from '@playwright/test';
import {
  type E2eOperatorTenant,
  inviteDemoColleague,
  requestPasswordReset,
  tenantUrlOnPort,
} from './support/admin-api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { type PrivateServer, startPrivateServer } from './support/server-process.ts';
import { e2ePort } from './support/tenant-url.ts';

const passwordTenants: E2eOperatorTenant[] = ['moneypartner', 'waratahlabs'];
const spentLink = 'This link has expired or has already been used; please ask for a new one';

/**
 * Opens the development mailbox and follows the link of the newest message to `to`. A reset
 * link's e-mail is a job that may end just after the request's answer, so the page is opened again
 * until it shows.
 */
async function followMailedLink(
  page: Page,
  port: number,
  tenant: E2eOperatorTenant,
  to: string,
  label: string,
) {
  const message = page.getByRole('article').filter({ hasText: to }).first();
  const link = message.getByRole('link', { name: label });
  await expect(async () => {
    await page.goto(tenantUrlOnPort(tenant, port, '/dev/mailbox'));
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`The e-mail to ${to} has no '${label}' link`);
  await link.click();
  return href;
}

async function choosePassword(page: Page, password: string, submit: string): Promise<void> {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: submit }).click();
}

async function signIn(page: Page, port: number, tenant: E2eOperatorTenant, email: string, password: string) {
  await page.goto(tenantUrlOnPort(tenant, port, '/'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const tenant of passwordTenants) {
  test.describe(`${tenant}: password links from the mailbox`, () => {
    test('an invitation sets a first password (invite mode) that signs in; the used link is refused', async ({
      page,
    }) => {
      const port = e2ePort();
      const email = `e2e-invitee-${tenant}-${Date.now()}@example.test`;
      const password = 'Invited-Colleague-Password-2026';
      await inviteDemoColleague(tenant, port, email);

      const link = await followMailedLink(page, port, tenant, email, 'Set password');
      expect(link).toMatch(
        new RegExp(`^${tenantUrlOnPort(tenant, port, '/set-password\\?invitation_token=')}`),
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Set password' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `invite-set-password-${tenant}`);
      await choosePassword(page, password, 'Set password');
      await expect(page.getByText('Your password has been set. You can now sign in.')).toBeVisible();

      await page.getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, port, tenant, email, password);
      await expect(page).toHaveURL(tenantUrlOnPort(tenant, port, '/dashboard'));
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      // The same link a second time (say, from the e-mail again in another tab).
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(link);
      await choosePassword(page, 'Another-Password-Entirely-2026', 'Set password');
      await expect(page.getByRole('alert')).toContainText(spentLink);
      await saveScreenshot(page, `spent-link-${tenant}`);
    });

    test('a reset link sets a new password (reset mode) that signs in, and not the old one', async ({
      page,
    }) => {
      const port = e2ePort();
      const email = `e2e-reset-${tenant}-${Date.now()}@example.test`;
      const first = 'First-Chosen-Password-2026';
      const second = 'Second-Chosen-Password-2026';
      await inviteDemoColleague(tenant, port, email);
      await followMailedLink(page, port, tenant, email, 'Set password');
      await choosePassword(page, first, 'Set password');
      await expect(page.getByText('Your password has been set. You can now sign in.')).toBeVisible();

      await page.goto(tenantUrlOnPort(tenant, port, '/reset-password'));
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('We have emailed you instructions to recover your password')).toBeVisible();

      const link = await followMailedLink(page, port, tenant, email, 'Reset password');
      expect(link).toContain('/set-password?reset_password_token=');
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `reset-set-password-${tenant}`);
      await choosePassword(page, second, 'Reset password');
      await expect(page.getByText('Your password has been set. You can now sign in.')).toBeVisible();

      await signIn(page, port, tenant, email, first);
      await expect(page.getByRole('alert')).toContainText('Please correct the following errors:');
      await signIn(page, port, tenant, email, second);
      await expect(page).toHaveURL(tenantUrlOnPort(tenant, port, '/dashboard'));
    });
  });
}

// Expiry needs a link that outlives no wait: a server of its own whose reset links last one second.
test.describe('an expired reset link', () => {
  let server: PrivateServer;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startPrivateServer({ env: { AUTH_RESET_LINK_TTL_SECONDS: '1' } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('is refused with the same message', async ({ page }) => {
    const tenant = 'moneypartner';
    await requestPasswordReset(tenant, server.port, `adviser@${tenant}.example`);
    const link = await followMailedLink(
      page,
      server.port,
      tenant,
      `adviser@${tenant}.example`,
      'Reset password',
    );
    expect(link).toContain('reset_password_token=');
    // Past the one-second lifetime whatever the machine's speed: waiting longer only makes it more expired.
    await page.waitForTimeout(1500);
    await choosePassword(page, 'Too-Late-For-This-Link-2026', 'Reset password');
    await expect(page.getByRole('alert')).toContainText(spentLink);
  });
});
