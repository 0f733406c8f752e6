import { expect, type Page } from '@playwright/test';
import type { TenantId } from '@waratah/tenants';
import { demoAdviserPassword } from '../../apps/platform/src/demo-data/demo-constants.ts';
import { tenantUrl } from './tenant-url.ts';

export { demoAdviserPassword };

/** The seeded advisers of a tenant (docs: apps/platform/src/demo-data): enabled, unverified, disabled, registering. */
export function demoAdviser(
  tenant: TenantId,
  kind: 'adviser' | 'unverified' | 'disabled' | 'registering' = 'adviser',
) {
  return `${kind}@${tenant}.example`;
}

/** Signs in on a password tenant's own sign-in page. */
export async function signInWithPassword(
  page: Page,
  tenant: TenantId,
  email = demoAdviser(tenant),
): Promise<void> {
  if (!page.url().startsWith(tenantUrl(tenant))) await page.goto(tenantUrl(tenant));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(demoAdviserPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in on the identity service's page, where the single sign-on tenant sends its visitors. */
export async function signInWithProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/oauth2\/interaction\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(demoAdviserPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
