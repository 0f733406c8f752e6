import { type Kysely, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';

/**
 * A consent is `in_use` once the practice it was given to has actually used the shared data: the
 * first time one of the practice's advisers reads or changes the client's data through the access
 * gate, an `active` consent becomes `in_use`. It stays `in_use` until it is withdrawn or expires
 * (a renewal keeps it). Access treats `in_use` exactly like `active`.
 *
 * Operators reach clients without a consent, so their access does not count as the practice's
 * use. The update matches nothing once the consent is in use, so later requests cost one indexed
 * no-op update. Answers whether the status changed.
 */
export async function markConsentInUse(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  clientId: number,
): Promise<boolean> {
  if (principal.role !== 'adviser' || principal.externalPartyId === null) return false;
  const result = await db
    .updateTable('client_links')
    .set({ consent_status: 'in_use', updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', principal.tenantId)
    .where('client_id', '=', clientId)
    .where('external_party_id', '=', principal.externalPartyId)
    .where('consent_status', '=', 'active')
    .where((eb) => eb.or([eb('consent_expiry', 'is', null), eb('consent_expiry', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
