import type { TenantId } from '@waratah/tenants';

export function e2ePort(): number {
  const port = Number(process.env.WARATAH_E2E_PORT);
  if (!port)
    throw new Error('WARATAH_E2E_PORT is not set: run the browser tests through playwright.config.ts');
  return port;
}

/** The local URL of a tenant: the default tenant on plain localhost, the others on their sub-domain. */
export function tenantUrl(tenant: TenantId, path = '/'): string {
  const host = tenant === 'waratah' ? 'localhost' : `${tenant}.localhost`;
  return `http://${host}:${e2ePort()}${path}`;
}

export function hostUrl(host: string, path = '/'): string {
  return `http://${host}:${e2ePort()}${path}`;
}

/** Node cannot resolve `*.localhost`: API requests from the test process go to loopback with a Host header. */
export function loopbackUrl(path: string): string {
  return `http://127.0.0.1:${e2ePort()}${path}`;
}

export function tenantHostHeader(tenant: TenantId): { Host: string } {
  const host = tenant === 'waratah' ? 'localhost' : `${tenant}.localhost`;
  return { Host: `${host}:${e2ePort()}` };
}
