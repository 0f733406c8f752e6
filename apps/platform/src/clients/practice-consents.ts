import { consentExpiringWithinDays, type PracticeConsent, type PracticeConsents } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { effectiveConsentStatus } from './effective-consent-status.ts';
import { enabledPracticeId } from './enabled-practice.ts';
import { foreignInvitation } from './foreign-invitation.ts';
import { iso } from './managed-user-to-wire.ts';

/**
 * The practice-wide consents panel: the adviser's consents that end within 30 days (active or in
 * use, soonest first) and those that have ended (expired, also past-expiry active ones, or
 * withdrawn; the most recently ended first). Each list is capped at `size` rows and carries its full count. Only an
 * adviser of an enabled practice has one; anyone else gets 404, as for the client list.
 */
export async function listPracticeConsents(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  size: number,
): Promise<PracticeConsents> {
  const partyId = await enabledPracticeId(db, principal, 'There are no consents for this adviser');

  const links = db
    .selectFrom('client_links as l')
    .innerJoin('clients as c', 'c.id', 'l.client_id')
    .where('l.external_party_id', '=', partyId)
    .where('l.tenant_id', '=', principal.tenantId);
  const expiring = links
    .where('l.consent_status', 'in', ['active', 'in_use'])
    .where('l.consent_expiry', '>', sql<Date>`now()`)
    .where('l.consent_expiry', '<=', sql<Date>`now() + make_interval(days => ${consentExpiringWithinDays})`);
  const ended = links.where((eb) =>
    eb.or([
      eb('l.consent_status', 'in', ['expired', 'withdrawn']),
      eb.and([
        eb('l.consent_status', 'in', ['active', 'in_use']),
        eb('l.consent_expiry', '<=', sql<Date>`now()`),
      ]),
    ]),
  );
  const withdrawnAt = sql<Date | null>`(select max(e.occurred_at) from consent_events e where e.client_link_id = l.id and e.event_type = 'withdrawal')`;
  // A declined invitation of someone else's client shows as sent (`foreign-invitation.ts`).
  const invitation = foreignInvitation({
    clientId: sql.ref('c.id'),
    consentStart: sql.ref('l.consent_start'),
    partyId: sql.ref('l.external_party_id'),
    signedUp: sql<boolean>`c.password_hash is not null`,
  });
  const columns = [
    'c.id as client_id',
    'c.email',
    sql<string>`case when ${invitation} then coalesce(l.invited_given_name, '') else c.given_name end`.as(
      'given_name',
    ),
    sql<string>`case when ${invitation} then coalesce(l.invited_family_name, '') else c.family_name end`.as(
      'family_name',
    ),
    effectiveConsentStatus('l').as('status'),
    'l.consent_expiry as expiry',
    withdrawnAt.as('withdrawn_at'),
  ] as const;
  const count = sql<number>`count(*)::int`.as('total');

  const [expiringRows, expiringCount, endedRows, endedCount] = await Promise.all([
    expiring.select(columns).orderBy('l.consent_expiry', 'asc').orderBy('c.id').limit(size).execute(),
    expiring.select(count).executeTakeFirstOrThrow(),
    ended
      .select(columns)
      .orderBy(
        sql`case when l.consent_status = 'withdrawn' then coalesce(${withdrawnAt}, l.updated_at) else l.consent_expiry end`,
        'desc',
      )
      .orderBy('c.id')
      .limit(size)
      .execute(),
    ended.select(count).executeTakeFirstOrThrow(),
  ]);
  const toWire = (row: (typeof expiringRows)[number]): PracticeConsent => ({
    client_id: row.client_id,
    email: row.email,
    given_name: row.given_name,
    family_name: row.family_name,
    status: row.status as PracticeConsent['status'],
    expiry: iso(row.expiry),
    withdrawn_at: iso(row.withdrawn_at),
  });
  return {
    expiring: expiringRows.map(toWire),
    expiring_total: expiringCount.total,
    ended: endedRows.map(toWire),
    ended_total: endedCount.total,
  };
}
