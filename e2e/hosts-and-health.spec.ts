import { expect, test } from '@playwright/test';
import { tenants } from '@waratah/tenants';
import { hostUrl, loopbackUrl, tenantHostHeader, tenantUrl } from './support/tenant-url.ts';

test('an unknown tenant segment falls back to the default tenant', async ({ page }) => {
  // Its sign-in page leaves for the provider at once, so a page of the portal's own shows the tenant.
  await page.goto(hostUrl('nosuchtenant.localhost', '/no/such/page'));
  await expect(page).toHaveTitle(`Not Found - ${tenants.waratah.name} Adviser Portal`);
  await expect(page.locator('html')).toHaveAttribute('data-tenant', 'waratah');
});

test('a deep link is answered by the portal (history-mode fallback)', async ({ page }) => {
  const response = await page.goto(tenantUrl('moneypartner', '/user/details/42/overview?x=1'));
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-tenant', 'moneypartner');
});

test('health and readiness answer', async ({ request }) => {
  const health = await request.get(loopbackUrl('/healthz'));
  expect(health.status()).toBe(200);
  const ready = await request.get(loopbackUrl('/readyz'));
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ready' });
});

test('the API answers unknown paths with the error envelope, never a stack trace', async ({ request }) => {
  const response = await request.get(loopbackUrl('/api/v2/no-such-thing'));
  expect(response.status()).toBe(404);
  const body = await response.json();
  expect(body.error.error_code).toBeTruthy();
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
});

test('the app config of each tenant is served for its host', async ({ request }) => {
  const response = await request.get(loopbackUrl('/api/v2/config/app/adviser-web-portal'), {
    headers: tenantHostHeader('moneypartner'),
  });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.data.platforms[0].key).toBe('adviser-web-portal');
});
