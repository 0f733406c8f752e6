import { type Kysely, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import type { Operand } from '../db/operand.ts';

/**
 * Whether an admin user may see a client's data. An operator sees every client of its tenant. An
 * adviser sees a client only while that client is linked to the adviser's own external party with
 * a consent that is active or in use and not past its expiry, and only while the party is
 * enabled. Everything is filtered by the caller's tenant, so another tenant's client never matches.
 */
export async function findAccessibleClientId(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  clientId: number,
): Promise<number | undefined> {
  return (await findAccessibleClient(db, principal, clientId))?.id;
}

/**
 * As `findAccessibleClientId`, with the adviser's consent status (`active` or `in_use`; null for
 * an operator, who needs none), so the access gate marks a consent in use only when it is not yet.
 */
export async function findAccessibleClient(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  clientId: number,
): Promise<{ id: number; consentStatus: string | null } | undefined> {
  const row = await accessibleClientQuery(db, principal, clientId)?.executeTakeFirst();
  return row && { id: row.id, consentStatus: row.consent_status };
}

/**
 * The query behind `findAccessibleClient`: one row (`id`, `consent_status`) when the admin user may
 * see the client, none otherwise; undefined for an adviser without a practice (never any client).
 */
export function accessibleClientQuery(db: Kysely<Database>, principal: AdminUserPrincipal, clientId: number) {
  if (principal.role === 'operator') return operatorAccessQuery(db, principal.tenantId, clientId);
  if (principal.externalPartyId === null) return undefined;
  return adviserAccessQuery(db, principal.tenantId, principal.externalPartyId, clientId);
}

/** An operator's access: the client is in the operator's tenant. */
export function operatorAccessQuery(
  db: Kysely<Database>,
  tenantId: Operand<string>,
  clientId: Operand<number>,
) {
  return db
    .selectFrom('clients')
    .select(['id', sql<string | null>`null`.as('consent_status')])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', clientId);
}

/**
 * The client's links whose consent is current (active or in use, not past its expiry), whatever
 * the practice: the consents its shared data is held under (`consents/dispose-shared-data.ts`).
 */
export function currentConsentLinks(db: Kysely<Database>, tenantId: string, clientId: number) {
  return db
    .selectFrom('client_links')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .where('consent_status', 'in', ['active', 'in_use'])
    .where((eb) => eb.or([eb('consent_expiry', 'is', null), eb('consent_expiry', '>', sql<Date>`now()`)]));
}

/**
 * An adviser's access: the client is linked to the adviser's practice, which is enabled, with a
 * consent that is active or in use and not past its expiry (`enabledPracticeQuery` and
 * `consentingLinkQuery`).
 */
export function adviserAccessQuery(
  db: Kysely<Database>,
  tenantId: Operand<string>,
  externalPartyId: Operand<number | null>,
  clientId: Operand<number>,
) {
  return consentingLinkQuery(db, tenantId, externalPartyId, clientId).where(({ exists }) =>
    exists(enabledPracticeQuery(db, tenantId, externalPartyId)),
  );
}

/**
 * The half of an adviser's access that depends on the adviser alone: a row while the adviser's
 * practice is enabled. The access gate's statement asks it once per adviser, not per client; the
 * client list's version read asks it too (`clients/practice-list-version.ts`).
 */
export function enabledPracticeQuery(
  db: Kysely<Database>,
  tenantId: Operand<string>,
  externalPartyId: Operand<number | null>,
) {
  return db
    .selectFrom('external_parties as party')
    .select(sql<number>`1`.as('enabled'))
    .where('party.id', '=', externalPartyId as Operand<number>)
    .where('party.tenant_id', '=', tenantId)
    .where('party.status', '=', 'enabled');
}

/**
 * The half that depends on the client: the client is linked to the practice with a consent that
 * is active or in use and not past its expiry. Never enough alone (`adviserAccessQuery`).
 */
export function consentingLinkQuery(
  db: Kysely<Database>,
  tenantId: Operand<string>,
  externalPartyId: Operand<number | null>,
  clientId: Operand<number>,
) {
  return db
    .selectFrom('client_links as link')
    .innerJoin('clients as client', 'client.id', 'link.client_id')
    .select(['client.id', sql<string | null>`link.consent_status`.as('consent_status')])
    .where('link.tenant_id', '=', tenantId)
    .where('client.tenant_id', '=', tenantId)
    .where('link.client_id', '=', clientId)
    .where('link.external_party_id', '=', externalPartyId as Operand<number>)
    .where('link.consent_status', 'in', ['active', 'in_use'])
    .where((eb) =>
      eb.or([eb('link.consent_expiry', 'is', null), eb('link.consent_expiry', '>', sql<Date>`now()`)]),
    );
}
