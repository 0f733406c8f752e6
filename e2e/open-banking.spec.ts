import { expect, test } from '@playwright/test';
import { adminAccessToken, firstDemoClientId } from './support/admin-api.ts';
import { signInWithPassword } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { e2ePort, loopbackUrl, tenantUrl } from './support/tenant-url.ts';

// Red Gum Savings is this spec's own bank at the shared server's simulated data holder: no other
// spec uses it, and every fault switched on here is switched off again.
const bank = 'red-gum-savings';
const bankName = 'Red Gum Savings';
const tenant = 'moneypartner';

interface ProviderAccount {
  id: number;
  provider_id: number;
  refresh_status: { status: string; sub_status: string | null; additional_status: string | null };
}

async function api(
  path: string,
  init: { method?: string; token?: string; clientId?: number; body?: unknown } = {},
) {
  const headers: Record<string, string> = { 'X-Tenant-Id': tenant };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.clientId !== undefined) headers['X-User-Id'] = String(init.clientId);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(loopbackUrl(path), {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { data?: unknown }) : {} };
}

/** The provider account once its queued refresh has run. */
async function settled(token: string, clientId: number, id: number): Promise<ProviderAccount> {
  let last: ProviderAccount | undefined;
  await expect
    .poll(
      async () => {
        last = (await api(`/api/v2/provideraccounts/${id}`, { token, clientId })).body
          .data as ProviderAccount;
        return last.refresh_status.status;
      },
      { timeout: 30_000 },
    )
    .not.toMatch(/^(adding|updating)$/);
  if (!last) throw new Error('no provider account');
  return last;
}

/** The connection this spec made, removed again so other specs see the demo client as seeded. */
let made: { token: string; clientId: number; id: number } | undefined;

test.describe('open banking through the simulated data holder', () => {
  test.afterEach(async () => {
    await fetch(loopbackUrl(`/data-holder/control/faults?bank=${bank}`), { method: 'DELETE' });
    if (made) {
      await api(`/api/v2/provideraccounts/${made.id}`, {
        method: 'DELETE',
        token: made.token,
        clientId: made.clientId,
        body: {},
      });
      made = undefined;
    }
  });

  test('an outage at the holder shows the provider as Outage; MFA needed marks the connection', async ({
    page,
  }) => {
    const port = e2ePort();
    const token = await adminAccessToken(tenant, port, `adviser@${tenant}.example`);
    const clientId = await firstDemoClientId(tenant, port);
    const providers = (
      await api(`/api/v2/providers?name=${encodeURIComponent(bankName)}`, { token, clientId })
    ).body.data as { id: number; name: string; status: string }[];
    const provider = providers.find((entry) => entry.name === bankName);
    expect(provider, 'the simulated holder’s banks are listed as providers').toBeDefined();

    const customerId = `e2e-${Date.now().toString(36)}`;
    const created = await api('/api/v2/provideraccounts', {
      method: 'POST',
      token,
      clientId,
      body: { provider_id: provider?.id, customer_id: customerId },
    });
    expect(created.status).toBe(201);
    const connection = created.body.data as ProviderAccount;
    made = { token, clientId, id: connection.id };
    expect((await settled(token, clientId, connection.id)).refresh_status).toMatchObject({
      status: 'success',
      sub_status: 'success',
    });

    // A bank-wide outage: the refresh fails for now, and the provider reads 'outage'.
    await fetch(loopbackUrl('/data-holder/control/faults'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bank, fault: 'outage' }),
    });
    const queued = await api(`/api/v2/provideraccounts?provideraccount_ids=${connection.id}`, {
      method: 'PUT',
      token,
      clientId,
      body: {},
    });
    expect(queued.status).toBe(202);
    expect((await settled(token, clientId, connection.id)).refresh_status).toMatchObject({
      status: 'failed',
      sub_status: 'temporary_failure',
      additional_status: 'site_error',
    });
    const inOutage = (await api('/api/v2/providers?status=outage', { token, clientId })).body.data as {
      name: string;
    }[];
    expect(inOutage.map((entry) => entry.name)).toContain(bankName);

    // The outage ends; the holder now wants the client to complete MFA: the connection needs action.
    await fetch(loopbackUrl(`/data-holder/control/faults?bank=${bank}`), { method: 'DELETE' });
    await fetch(loopbackUrl('/data-holder/control/faults'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bank, fault: 'mfa_needed', customerId }),
    });
    await api(`/api/v2/provideraccounts?provideraccount_ids=${connection.id}`, {
      method: 'PUT',
      token,
      clientId,
      body: {},
    });
    expect((await settled(token, clientId, connection.id)).refresh_status).toMatchObject({
      status: 'needs_action',
      sub_status: 'input_required',
      additional_status: 'mfa_needed',
    });
    const supported = (
      await api(`/api/v2/providers?name=${encodeURIComponent(bankName)}`, { token, clientId })
    ).body.data as { status: string }[];
    expect(supported[0]?.status).toBe('supported');

    // The client's accounts page shows the connection needing action, its accounts kept.
    await signInWithPassword(page, tenant);
    await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
    await page.goto(tenantUrl(tenant, `/user/details/${clientId}/accounts`));
    const marked = page.locator('[data-needs-action]').filter({ hasText: bankName });
    await expect(marked.first()).toBeVisible();
    await saveScreenshot(page, 'open-banking-needs-action');
  });
});
