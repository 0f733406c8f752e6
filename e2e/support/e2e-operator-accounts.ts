import type { TenantId } from '@waratah/tenants';

/** The password tenants get an operator in the e2e database (seed-e2e-operators.ts). */
export const e2eOperatorTenants = ['moneypartner', 'waratahlabs'] as const satisfies readonly TenantId[];
export type E2eOperatorTenant = (typeof e2eOperatorTenants)[number];

export function e2eOperatorEmail(tenant: E2eOperatorTenant): string {
  return `e2e-operator@${tenant}.example`;
}
