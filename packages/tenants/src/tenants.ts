import { type TenantConfig, type TenantId, tenantIds } from './tenant-config.ts';
import { moneypartner } from './tenants/moneypartner.ts';
import { waratah } from './tenants/waratah.ts';
import { waratahlabs } from './tenants/waratahlabs.ts';

export const tenants: Record<TenantId, TenantConfig> = { waratah, moneypartner, waratahlabs };

/** Narrows text from outside (a host segment, a header) to a known tenant id. */
export function isTenantId(value: string): value is TenantId {
  return (tenantIds as readonly string[]).includes(value);
}

export function getTenant(id: TenantId): TenantConfig {
  return tenants[id];
}
