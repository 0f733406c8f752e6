/** The platform API as an operator or the demo adviser calls it, from the test process (any server port). */
import { resolveTenant, type TenantId } from '@waratah/tenants';
import { demoAdviserPassword } from '../../apps/platform/src/demo-data/demo-constants.ts';
import { type E2eOperatorTenant, e2eOperatorEmail } from './e2e-operator-accounts.ts';

export type { E2eOperatorTenant };

function localHost(tenant: TenantId, port: number): string {
  return `${tenant === 'waratah' ? 'localhost' : `${tenant}.localhost`}:${port}`;
}

/** A tenant's portal on a server of the given port (tenantUrl() is the shared server's). */
export function tenantUrlOnPort(tenant: TenantId, port: number, path = '/'): string {
  return `http://${localHost(tenant, port)}${path}`;
}

async function call(port: number, tenant: TenantId, path: string, init: RequestInit): Promise<unknown> {
  // Node cannot resolve `*.localhost`, and fetch does not send a Host header of its own: loopback,
  // naming the tenant in X-Tenant-Id (its e-mail links still point at its `*.localhost` portal).
  const headers = { ...(init.headers as Record<string, string>), 'X-Tenant-Id': tenant };
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${path} answered ${response.status}: ${body}`);
  return JSON.parse(body);
}

/** Signs an admin user in through the real token endpoint (default: the tenant's e2e operator). */
export async function adminAccessToken(
  tenant: E2eOperatorTenant,
  port: number,
  email = e2eOperatorEmail(tenant),
): Promise<string> {
  const { envConfig } = resolveTenant({ host: localHost(tenant, port) });
  const body = (await call(port, tenant, '/oauth/admin/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: email,
      password: demoAdviserPassword,
      client_id: envConfig.oauth.clientId,
      domain: envConfig.oauth.domain,
      scope: '',
    }),
  })) as { access_token: string };
  return body.access_token;
}

/** The id of the first client of the tenant's demo adviser whose consent is active (their data shows). */
export async function firstDemoClientId(tenant: E2eOperatorTenant, port: number): Promise<number> {
  const token = await adminAccessToken(tenant, port, `adviser@${tenant}.example`);
  const list = (await call(port, tenant, '/api/admin/users?size=100', {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  })) as { data: { id: number; consent: { status: string; expiry: string | null } | null }[] };
  // `in_use` once an adviser of the practice has looked (an earlier journey may have): still open.
  const first = list.data.find(
    ({ consent }) =>
      (consent?.status === 'active' || consent?.status === 'in_use') &&
      (consent.expiry === null || new Date(consent.expiry) > new Date()),
  );
  if (!first) throw new Error(`The demo adviser of ${tenant} has no client with an active consent`);
  return first.id;
}

/**
 * Switches adviser-portal features of a tenant on or off, in the environment its local portal
 * runs as, through `PUT /api/admin/config/app/adviser-web-portal` as the tenant's operator.
 * Only for a private server (server-process.ts): the change is tenant-wide.
 */
export async function setPortalFeatures(
  tenant: E2eOperatorTenant,
  port: number,
  features: Record<string, boolean>,
): Promise<void> {
  const { environment } = resolveTenant({ host: localHost(tenant, port) });
  const token = await adminAccessToken(tenant, port);
  await call(port, tenant, '/api/admin/config/app/adviser-web-portal', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      environment,
      features: Object.entries(features).map(([key, enabled]) => ({ key, enabled })),
    }),
  });
}

/** Invites a colleague into the practice of the tenant's demo adviser (`POST /api/admin/adminusers/invite`). */
export async function inviteDemoColleague(
  tenant: E2eOperatorTenant,
  port: number,
  email: string,
): Promise<void> {
  const token = await adminAccessToken(tenant, port, `adviser@${tenant}.example`);
  await call(port, tenant, '/api/admin/adminusers/invite', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, given_name: 'Ivy', family_name: 'Invitee' }),
  });
}

/** Asks for a password reset link for an address (`POST /api/admin/adminusers/reset`). */
export async function requestPasswordReset(
  tenant: E2eOperatorTenant,
  port: number,
  email: string,
): Promise<void> {
  await call(port, tenant, '/api/admin/adminusers/reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}
