import { expect, test } from '@playwright/test';
import { resolveTenant } from '@waratah/tenants';
import { demoClientPassword } from '../apps/platform/src/demo-data/demo-constants.ts';
import { adminAccessToken, firstDemoClientId, tenantUrlOnPort } from './support/admin-api.ts';
import { demoAdviserPassword, signInWithPassword } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { type PrivateServer, startPrivateServer } from './support/server-process.ts';
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

// The client's own app withdraws a consent, which no other spec may see happen to a shared demo
// client: this journey gets a server (and database) of its own.
test.describe('a withdrawn consent', () => {
  let server: PrivateServer;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startPrivateServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { 'X-Tenant-Id': tenant };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as { data?: unknown }) : {} };
  }

  test('the client withdraws through the end-user API; the adviser no longer sees their data', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const url = (path: string) => tenantUrlOnPort(tenant, server.port, path);
    const adviserToken = await adminAccessToken(tenant, server.port, `adviser@${tenant}.example`);
    const clients = (await call('/api/admin/users?consent_status=active&size=1', { token: adviserToken }))
      .body.data as { id: number; email: string; given_name: string; family_name: string }[];
    const client = clients[0];
    expect(client, 'a demo client with an active consent').toBeDefined();
    if (!client) return;
    const name = `${client.given_name} ${client.family_name}`;

    // The adviser sees the client's accounts, which arrived from the simulated holder.
    await page.goto(url('/'));
    await page.getByRole('textbox', { name: 'Email' }).fill(`adviser@${tenant}.example`);
    await page.getByLabel(/^Password/).fill(demoAdviserPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(url('/dashboard'));
    // The practice's consents that end within 30 days are on the dashboard.
    const followUp = page.getByRole('region', { name: 'Consents to follow up' });
    const ending = followUp
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: /Ending within 30 days/ }) });
    await expect(ending.getByRole('listitem').first()).toBeVisible();
    await expect(ending.getByText(/^Ends \d/).first()).toBeVisible();
    await page.goto(url(`/user/details/${client.id}/accounts`));
    await expect(page.getByTestId('accounts-count')).toHaveText(/^\d+ accounts?$/);
    await expect(page.getByText(/\$[\d,]+\.\d{2}/).first()).toBeVisible();

    // The client signs in to the end-user API, as their own app would, and withdraws the consent.
    const { envConfig } = resolveTenant({ host: `${tenant}.localhost:${server.port}` });
    const signedIn = await call('/oauth/token', {
      method: 'POST',
      body: {
        grant_type: 'password',
        username: client.email,
        password: demoClientPassword,
        client_id: envConfig.oauth.clientId,
        domain: envConfig.oauth.domain,
        scope: '',
      },
    });
    expect(signedIn.status).toBe(200);
    const clientToken = (signedIn.body as unknown as { access_token: string }).access_token;
    const consents = (await call('/api/v2/consents', { token: clientToken })).body.data as {
      id: number;
      status: string;
    }[];
    const consent = consents.find((entry) => entry.status === 'active' || entry.status === 'in_use');
    expect(consent, 'the client’s consent to the demo practice').toBeDefined();
    const withdrawn = await call(`/api/v2/consents/${consent?.id}`, { method: 'DELETE', token: clientToken });
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body.data as { status: string }).status).toBe('withdrawn');

    // The client's pages no longer show any of their data, only that the consent was withdrawn.
    await page.reload();
    await expect(page.getByRole('heading', { name: "This client's data is not available" })).toBeVisible();
    await expect(
      page.getByText(
        `${name}'s consent is withdrawn, so their financial data is no longer shared with you.`,
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    await expect(page.getByTestId('accounts-count')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Client pages' })).toHaveCount(0);
    await saveScreenshot(page, 'open-banking-consent-withdrawn');
    // Nor does the API, for any of the client's paths.
    for (const path of ['/api/v2/accounts', '/api/v2/transactions', '/api/v2/provideraccounts']) {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        headers: {
          'X-Tenant-Id': tenant,
          authorization: `Bearer ${adviserToken}`,
          'X-User-Id': String(client.id),
        },
      });
      expect(response.status, path).toBe(404);
    }

    // The client list and the dashboard's follow-up panel show the consent as withdrawn.
    await page.goto(url('/dashboard'));
    await page.getByRole('searchbox', { name: 'Search clients by name or email' }).fill(client.email);
    await expect(page.getByText('1 client', { exact: true })).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Your clients' })
      .getByRole('row')
      .filter({ hasText: client.email });
    await expect(row.getByText('Withdrawn', { exact: true })).toBeVisible();
    const ended = page
      .getByRole('region', { name: 'Consents to follow up' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name }) });
    await expect(ended.getByText(/^Withdrawn \d/)).toBeVisible();
    await saveScreenshot(page, 'open-banking-consent-withdrawn-dashboard');
  });
});
