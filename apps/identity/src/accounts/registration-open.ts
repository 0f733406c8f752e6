import type { IdentityService, TenantIdentity } from '../identity-service.ts';

/** The answer to a registration while it is off, as the platform's `adminusers/register` words it. */
export const registrationOffMessage = 'Registration is off for this portal.';

/**
 * Whether the sign-in pages offer and take a registration: the host's answer (the portal's
 * `ta_register`, spec §6), open when the host gives none. Before 2026-12-03 the identity's pages
 * always did, whatever the portal showed.
 */
export async function registrationOpen(
  identity: IdentityService,
  { tenant, environment }: TenantIdentity,
): Promise<boolean> {
  const isOpen = identity.registrationGuard?.isOpen;
  if (!isOpen) return true;
  return isOpen.call(identity.registrationGuard, { tenantId: tenant.id, environment });
}
