import { defaultTenantId, type TenantId, tenantIds } from './tenant-config.ts';
import { tenants } from './tenants.ts';

export interface LocalTenantUrl {
  tenant: TenantId;
  name: string;
  url: string;
}

/** Where each tenant answers on this machine (DESIGN §2); `*.localhost` resolves to loopback. */
export function localTenantUrls(port: number, protocol = 'http:'): LocalTenantUrl[] {
  const scheme = protocol.endsWith(':') ? protocol : `${protocol}:`;
  return tenantIds.map((id) => ({
    tenant: id,
    name: tenants[id].name,
    url: `${scheme}//${id === defaultTenantId ? '' : `${id}.`}localhost:${port}/`,
  }));
}
