import { type Kysely, sql } from 'kysely';
import { enabledPracticeQuery } from '../access/find-accessible-client.ts';
import type { Database } from '../db/database-schema.ts';

/**
 * The client (its `id`, one row, joined to the practice's link as `link`) when an adviser of
 * practice `partyId` may change its shared details (names, status), none otherwise. A client's
 * row is shared by every practice it deals with, and a suspension locks the client out of their
 * own account, so an adviser of an enabled practice may change it only:
 * - while the client's consent to that practice is active or in use and not past its expiry (as
 *   for reading the client's data, `access/find-accessible-client.ts`); or
 * - while the client is that practice's own invitation still pending, and nobody else's: no link
 *   to any other practice, and never signed up (no password), so never consented to anyone.
 * A link in any other state (withdrawn, expired, or pending for a client who is someone else's
 * too) lets the practice follow the client in its list, not change them. A change holds the link
 * (`FOR SHARE OF link`) until it commits. An operator may change every client of its tenant
 * (no query needed).
 */
export function editableClientQuery(
  db: Kysely<Database>,
  tenantId: string,
  partyId: number,
  clientId: number,
) {
  return db
    .selectFrom('clients as client')
    .select('client.id')
    .where('client.tenant_id', '=', tenantId)
    .where('client.id', '=', clientId)
    .innerJoin('client_links as link', 'link.client_id', 'client.id')
    .where('link.tenant_id', '=', tenantId)
    .where('link.external_party_id', '=', partyId)
    .where(({ exists }) => exists(enabledPracticeQuery(db, tenantId, partyId)))
    .where((eb) =>
      eb.or([
        eb.and([
          eb('link.consent_status', 'in', ['active', 'in_use']),
          eb.or([eb('link.consent_expiry', 'is', null), eb('link.consent_expiry', '>', sql<Date>`now()`)]),
        ]),
        eb.and([
          eb('link.consent_status', '=', 'pending'),
          eb('client.password_hash', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('client_links as other')
                .select(sql<number>`1`.as('linked'))
                .whereRef('other.client_id', '=', 'link.client_id')
                .where('other.external_party_id', '<>', partyId),
            ),
          ),
        ]),
      ]),
    );
}
