import { type Kysely, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { effectiveConsentStatus } from './effective-consent-status.ts';
import { enabledPracticeId } from './enabled-practice.ts';

/**
 * The clients an admin user manages, with the consent the list shows (data freshness comes
 * from `client-freshness.ts`, for the rows of one page only). An
 * adviser sees the clients linked to its own enabled party (every consent status, so that it can
 * follow invitations and expiries); an operator sees every client of its tenant, without consent.
 * An adviser whose party is not enabled has no rows here (the party's status is joined, so the
 * check costs no round trip of its own); callers that find no row ask `enabledPracticeId` why, for
 * its 404. An adviser without any party has no clients: 404 at once.
 */
export function managedUsersQuery(db: Kysely<Database>, principal: AdminUserPrincipal) {
  const base = db
    .selectFrom('clients as c')
    .where('c.tenant_id', '=', principal.tenantId)
    .select(['c.id', 'c.email', 'c.given_name', 'c.family_name', 'c.status', 'c.created_at']);
  if (principal.role === 'operator') {
    return base.select([
      sql<string | null>`null`.as('consent_status'),
      sql<Date | null>`null::timestamptz`.as('consent_start'),
      sql<Date | null>`null::timestamptz`.as('consent_expiry'),
      sql<number | null>`null::int`.as('party_id'),
      sql<boolean>`false`.as('signed_up'),
      sql<string | null>`null::text`.as('invited_given_name'),
      sql<string | null>`null::text`.as('invited_family_name'),
      sql<Date | null>`null::timestamptz`.as('linked_at'),
    ]);
  }
  const partyId = principal.externalPartyId;
  if (partyId === null) throw new AppError('not_found', noClients);
  return base
    .innerJoin('client_links as l', (join) =>
      join.onRef('l.client_id', '=', 'c.id').on('l.external_party_id', '=', partyId),
    )
    .innerJoin('external_parties as party', (join) =>
      join
        .on('party.id', '=', partyId)
        .on('party.tenant_id', '=', principal.tenantId)
        .on('party.status', '=', 'enabled'),
    )
    .select([
      effectiveConsentStatus('l').as('consent_status'),
      'l.consent_start',
      'l.consent_expiry',
      // What `foreign-invitation.ts` needs to show an invitation of someone else's client as sent.
      sql<number | null>`l.external_party_id`.as('party_id'),
      sql<boolean>`c.password_hash is not null`.as('signed_up'),
      'l.invited_given_name',
      'l.invited_family_name',
      sql<Date | null>`l.created_at`.as('linked_at'),
    ]);
}

/** Why an admin user has no clients: 404, as for any client it may not see. */
export const noClients = 'There are no clients for this adviser';

/** Throws the 404 of an adviser whose practice is not enabled; else returns. */
export async function assertPracticeEnabled(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
): Promise<void> {
  if (principal.role === 'adviser') await enabledPracticeId(db, principal, noClients);
}

export type ManagedUserRow = Awaited<
  ReturnType<ReturnType<typeof managedUsersQuery>['executeTakeFirstOrThrow']>
>;
