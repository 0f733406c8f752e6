import { expect, type Page, type Request, type Response } from '@playwright/test';
import type { TenantId } from '@waratah/tenants';
import { demoAdviser, signInWithPassword, signInWithProvider } from './demo-advisers.ts';
import { tenantUrl } from './tenant-url.ts';

/** Every tenant, password tenants first: the journeys that run once per tenant. */
export const allTenants: TenantId[] = ['moneypartner', 'waratahlabs', 'waratah'];

/** Signs the tenant's demo adviser in, the way that tenant signs in, and waits for the dashboard. */
export async function signInAsDemoAdviser(page: Page, tenant: TenantId): Promise<void> {
  // The failed requests and answers on the way, and those still unanswered, named if the dashboard
  // is not reached.
  const failures: string[] = [];
  const pending = new Set<Request>();
  const record = (response: Response) => {
    if (response.status() >= 400)
      failures.push(`${response.request().method()} ${response.url()} ${response.status()}`);
  };
  const recordFailed = (request: Request) => {
    pending.delete(request);
    failures.push(`${request.method()} ${request.url()} ${request.failure()?.errorText ?? 'failed'}`);
  };
  const started = (request: Request) => pending.add(request);
  const finished = (request: Request) => pending.delete(request);
  page.on('response', record);
  page.on('requestfailed', recordFailed);
  page.on('request', started);
  page.on('requestfinished', finished);
  try {
    if (tenant === 'waratah') {
      await page.goto(tenantUrl(tenant, '/dashboard'));
      await signInWithProvider(page, demoAdviser(tenant));
    } else {
      await signInWithPassword(page, tenant);
    }
    await expect(page).toHaveURL(tenantUrl(tenant, '/dashboard'));
  } catch (error) {
    const answers = failures.join('; ') || 'none';
    const unanswered =
      [...pending].map((request) => `${request.method()} ${request.url()}`).join('; ') || 'none';
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\nFailed answers while signing in: ${answers}\nStill unanswered: ${unanswered}`,
    );
  } finally {
    page.off('response', record);
    page.off('requestfailed', recordFailed);
    page.off('request', started);
    page.off('requestfinished', finished);
  }
}

/**
 * A GET of the platform from inside the signed-in page, with the portal's own credentials: the
 * stored bearer token on a password tenant, the session cookie on the single sign-on tenant (which
 * the platform takes only with the tenant named, spec §7). `userId` acts on a client's behalf.
 */
export async function apiGet<T>(page: Page, path: string, userId?: number): Promise<T> {
  return page.evaluate(
    async ({ path, userId }) => {
      const token = window.localStorage.getItem('waratah.accessToken');
      const headers: Record<string, string> = {};
      if (token) headers.Authorization = `Bearer ${token}`;
      else headers['X-Tenant-Id'] = 'waratah';
      if (userId !== undefined) headers['X-User-Id'] = String(userId);
      const response = await fetch(path, { headers, credentials: 'include' });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    { path, userId },
  );
}

/** A demo client as the adviser's client list (`GET /api/{admin|adviser}/users`) answers it. */
export interface DemoClient {
  id: number;
  given_name: string;
  family_name: string;
  needs_action_count: number;
  consent: { status: string; expiry: string | null } | null;
}

/**
 * The demo adviser's clients (`query` e.g. `consent_status=active&size=3`): the single sign-on
 * tenant's advisers list them under /api/adviser, the password tenants' under /api/admin.
 */
export async function demoClients(page: Page, tenant: TenantId, query = 'size=100'): Promise<DemoClient[]> {
  const family = tenant === 'waratah' ? 'adviser' : 'admin';
  const body = await apiGet<{ data: DemoClient[] }>(page, `/api/${family}/users?${query}`);
  return body.data;
}

/**
 * The ids of the demo adviser's clients whose consent is in force (their data is open to the
 * adviser): `active`, or `in_use` once any adviser of the practice has looked — which earlier
 * journeys of the same run do, so both count, and the pick stays the same whatever ran before.
 */
export async function activeClientIds(page: Page, tenant: TenantId, size = 3): Promise<number[]> {
  const clients = await demoClients(page, tenant, 'size=100');
  return clients
    .filter(readable)
    .slice(0, size)
    .map(({ id }) => id);
}

/** The first of the demo adviser's clients with an active consent. */
export async function activeClientId(page: Page, tenant: TenantId): Promise<number> {
  const [first] = await activeClientIds(page, tenant, 1);
  if (first === undefined)
    throw new Error(`The demo adviser of ${tenant} has no client with an active consent`);
  return first;
}

/** Whether the adviser may read the client's data today: a consent in force and not yet expired. */
export function readable(client: DemoClient): boolean {
  const consent = client.consent;
  return (
    (consent?.status === 'active' || consent?.status === 'in_use') &&
    (consent.expiry === null || new Date(consent.expiry) > new Date())
  );
}

/** A demo client the adviser may read who has a bank connection needing the client's action. */
export async function clientNeedingAction(page: Page, tenant: TenantId): Promise<DemoClient | undefined> {
  const clients = await demoClients(page, tenant);
  return clients.find((client) => readable(client) && client.needs_action_count > 0);
}
