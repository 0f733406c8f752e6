import { type Kysely, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { effectiveConsentStatus } from './effective-consent-status.ts';
import { enabledPracticeId } from './enabled-practice-id.ts';

/**
 * The clients an admin user manages, with the consent the list shows (data freshness comes
 * from `client-freshness.ts`, for the rows of one page only). An
 * adviser sees the clients linked to its own enabled party (every consent status, so that it can
 * follow invitations and expiries); an operator sees every client of its tenant, without consent.
 * An adviser without an enabled party has no clients: 404, as for any client it may not see.
 */
export async function managedUsersQuery(db: Kysely<Database>, principal: AdminUserPrincipal) {
  const base = db
    .selectFrom('clients as c')
    .where('c.tenant_id', '=', principal.tenantId)
    .select(['c.id', 'c.email', 'c.given_name', 'c.family_name', 'c.status', 'c.created_at']);
  if (principal.role === 'operator') {
    return base.select([
      sql<string | null>`null`.as('consent_status'),
      sql<Date | null>`null`.as('consent_start'),
      sql<Date | null>`null`.as('consent_expiry'),
    ]);
  }
  const partyId = await enabledPracticeId(db, principal, 'There are no clients for this adviser');
  return base
    .innerJoin('client_links as l', (join) =>
      join.onRef('l.client_id', '=', 'c.id').on('l.external_party_id', '=', partyId),
    )
    .select([effectiveConsentStatus('l').as('consent_status'), 'l.consent_start', 'l.consent_expiry']);
}

export type ManagedUserRow = Awaited<
  ReturnType<Awaited<ReturnType<typeof managedUsersQuery>>['executeTakeFirstOrThrow']>
>;
