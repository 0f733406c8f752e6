import type { ManagedUser, UpdateManagedUserBody } from '@waratah/contracts';
import { revokeBearerTokens } from '@waratah/identity';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../access/record-audit.ts';
import { requirePartyHeader } from '../access/require-party-header.ts';
import { assertAdviserFeature, tenantFeatures } from '../app-config/tenant-features.ts';
import { assertOperatorArea } from '../auth/operator-areas.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { consentHeldData, disposeSharedData, finishDisposal } from '../consents/dispose-shared-data.ts';
import type { Database } from '../db/database-schema.ts';
import { deleteExportsOfPractice } from '../documents/delete-client-exports.ts';
import { configuredDocumentStore } from '../documents/document-store.ts';
import { AppError } from '../errors/app-error.ts';
import { clientFreshness, noFreshness, showsFreshness } from './client-freshness.ts';
import { editableClientQuery } from './editable-client-query.ts';
import { foreignInvitation } from './foreign-invitation.ts';
import { assertPracticeEnabled, managedUsersQuery, noClients } from './managed-user-query.ts';
import { managedUserToWire } from './managed-user-to-wire.ts';

/** One client the admin user manages (any consent status), or 404. */
export async function getManagedUser(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  id: number,
): Promise<ManagedUser> {
  const row = await managedUsersQuery(db, principal)
    .select(
      foreignInvitation({
        clientId: sql.ref('c.id'),
        consentStart:
          principal.role === 'operator' ? sql<null>`null::timestamptz` : sql.ref('l.consent_start'),
        partyId: principal.role === 'operator' ? sql<null>`null::int` : sql.ref('l.external_party_id'),
        signedUp: sql<boolean>`c.password_hash is not null`,
      }).as('foreign_invitation'),
    )
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) {
    await assertPracticeEnabled(db, principal);
    throw new AppError('not_found', 'There is no such client');
  }
  await recordAudit(db, {
    actor: principal,
    action: 'client.read',
    targetType: 'client',
    targetId: id,
    clientId: id,
  });
  if (!showsFreshness(row.consent_status)) return managedUserToWire(row, noFreshness);
  const freshness = await clientFreshness(db, [row.id]);
  return managedUserToWire(row, freshness(row.id));
}

/**
 * Renames a client, or suspends or reactivates it; a status change also needs X-External-Party-Id
 * (spec §6) and, for an adviser, the tenant's `suspend_users` feature. The client's row is shared
 * by every practice, so an adviser changes it only where `editableClientQuery` allows: anyone else
 * gets 404, as for a client it may not see, and nothing is written.
 *
 * A suspension is lifted only by whoever made it: the practice (any of its advisers) or the
 * tenant's operator, who may lift any (403 otherwise; migration 0029 gave the suspensions made
 * before their maker; one an older instance writes during a deploy records no one, and may be
 * lifted as before). Suspending a client already suspended keeps who did it, unless
 * the operator does (the operator's then) or no one is recorded (the caller's then): no practice
 * takes over another's. Lifting it gives back the state it was made from, `invited` or `active`.
 * Only what is written is audited. Before 2026-12-02 any practice the client consented to could
 * lift an operator's or another practice's suspension, and a suspended invitee came back `active`
 * with no account.
 */
export async function updateManagedUser(
  request: FastifyRequest,
  principal: AdminUserPrincipal,
  id: number,
  change: UpdateManagedUserBody,
): Promise<ManagedUser> {
  const db = request.server.database.db;
  // Renaming is changing personal information: an operator needs that area besides its route's
  // (`user_management`); before 2026-12-04 the route's alone let it rename.
  if (change.given_name !== undefined || change.family_name !== undefined)
    await assertOperatorArea(request, 'user_personal_information');
  if (change.status !== undefined) requirePartyHeader(request, principal);
  const statusAllowed =
    change.status === undefined ||
    principal.role === 'operator' ||
    (await tenantFeatures(request, principal.tenantId)).has('suspend_users');
  await db.transaction().execute(async (trx) => {
    // An adviser's right to change the client is its practice's link (its consent, or its own
    // pending invitation), held FOR SHARE until the change commits, before the client's row (the
    // order an unlink takes them in): a withdrawal waits, and one committed first is seen. Before
    // 2026-12-02 only the client's row was locked, and a change was written after a withdrawal.
    // The link held, the client's row is locked by its id alone (an operator may change any).
    if (principal.role !== 'operator') {
      if (principal.externalPartyId === null) throw new AppError('not_found', noClients);
      const held = await editableClientQuery(trx, principal.tenantId, principal.externalPartyId, id)
        .forShare('link')
        .executeTakeFirst();
      if (!held) throw new AppError('not_found', 'There is no such client');
    }
    const client = await trx
      .selectFrom('clients')
      .select(['status', 'password_hash', 'suspended_by_party_id', 'suspended_by_operator', 'suspended_from'])
      .where('tenant_id', '=', principal.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!client) throw new AppError('not_found', 'There is no such client');
    // Refused after the client is found, so a client the caller may not see is 404 all the same.
    if (!statusAllowed)
      throw new AppError(
        'feature_off',
        "Changing a client's status needs the suspend_users feature, which is off for this portal",
      );
    if (change.status === 'active' && client.status === 'suspended') assertMayLift(principal, client);
    const statusWrite = statusChange(principal, client, change.status);
    await trx
      .updateTable('clients')
      .set({
        updated_at: new Date(),
        ...(change.given_name === undefined ? {} : { given_name: change.given_name }),
        ...(change.family_name === undefined ? {} : { family_name: change.family_name }),
        ...statusWrite,
      })
      .where('tenant_id', '=', principal.tenantId)
      .where('id', '=', id)
      .execute();
    // A suspension, or its end, ends the client's sign-ins: none made before it keeps reaching
    // their consents, and none made for them alone (`scope=consents`) outlives it.
    // A suspension or its end ends the client's sign-ins (a new one needs their password).
    if ('status' in statusWrite) await revokeBearerTokens<Database>(trx, { kind: 'client', id });
    for (const action of changeActions(change, statusWrite)) {
      await recordAudit(trx, {
        actor: principal,
        action,
        targetType: 'client',
        targetId: id,
        clientId: id,
        ip: request.ip,
      });
    }
  });
  return getManagedUser(db, principal, id);
}

interface ClientStatusRow {
  status: 'invited' | 'active' | 'suspended';
  suspended_by_party_id: number | null;
  suspended_by_operator: boolean;
  password_hash: string | null;
  suspended_from: 'invited' | 'active' | null;
}

/**
 * The state a suspension gives back: the one it was made from, or for one recorded without it (by
 * an instance older than migration 0029), `invited` for a client who never signed up.
 */
function stateBeforeSuspension(client: Pick<ClientStatusRow, 'suspended_from' | 'password_hash'>) {
  return (
    client.suspended_from ?? (client.password_hash === null ? ('invited' as const) : ('active' as const))
  );
}

/** The columns that lift a suspension: the state it was made from back, and no maker. */
function liftedSuspension(client: Pick<ClientStatusRow, 'suspended_from' | 'password_hash'>) {
  return {
    status: stateBeforeSuspension(client),
    suspended_by_operator: false,
    suspended_by_party_id: null,
    suspended_from: null,
  };
}

/** The 403 of a reactivation by anyone but whoever suspended the client. */
export const suspensionNotYours =
  'Someone else suspended this client: only they or the operator can reactivate them';

/** 403 unless the caller may lift this suspension: the operator, or the practice that made it. */
function assertMayLift(principal: AdminUserPrincipal, client: ClientStatusRow): void {
  if (principal.role === 'operator') return;
  // One message whoever it was: naming another practice would tell this one the client has one.
  if (
    client.suspended_by_operator ||
    (client.suspended_by_party_id !== null && client.suspended_by_party_id !== principal.externalPartyId)
  )
    throw new AppError('forbidden', suspensionNotYours);
}

/** The columns a status change writes: who suspended and from what, or that state back. */
function statusChange(
  principal: AdminUserPrincipal,
  client: ClientStatusRow,
  status: UpdateManagedUserBody['status'],
) {
  if (status === undefined) return {};
  const byOperator = principal.role === 'operator';
  const suspendedBy = {
    suspended_by_operator: byOperator,
    suspended_by_party_id: byOperator ? null : principal.externalPartyId,
  };
  if (status === 'suspended') {
    if (client.status !== 'suspended') return { status, ...suspendedBy, suspended_from: client.status };
    // Already suspended: the operator makes it theirs; anyone makes one that names no one theirs.
    const unrecorded = !client.suspended_by_operator && client.suspended_by_party_id === null;
    if ((byOperator && !client.suspended_by_operator) || unrecorded) return suspendedBy;
    return {};
  }
  // Lifting a suspension, or asking an unsuspended client to be active: nothing else changes.
  if (client.status !== 'suspended') return {};
  return liftedSuspension(client);
}

/**
 * The audit actions of a change, one for each kind it makes: `client.update` for names, then
 * `client.suspend` when a suspension is written (made, or taken over) or `client.reactivate` when
 * one is lifted; a status asked for that changes nothing is not audited. Before 2026-12-02 a change
 * was one row, `client.suspend` for a suspension (names and all) and `client.update` for anything
 * else, so a reactivation was logged as a rename.
 */
function changeActions(
  change: UpdateManagedUserBody,
  statusWrite: ReturnType<typeof statusChange>,
): string[] {
  const renamed = change.given_name !== undefined || change.family_name !== undefined;
  const written = Object.keys(statusWrite).length > 0;
  return [
    ...(renamed ? ['client.update'] : []),
    ...(written ? [change.status === 'suspended' ? 'client.suspend' : 'client.reactivate'] : []),
  ];
}

/**
 * Unlinks a client from the party named in X-External-Party-Id (spec §6: deleting needs it): the
 * link and its consent events go; the audit log keeps the fact. The client's own data stays theirs.
 */
export async function unlinkManagedUser(
  request: FastifyRequest,
  principal: AdminUserPrincipal,
  id: number,
): Promise<void> {
  const partyId = requirePartyHeader(request, principal);
  await assertAdviserFeature(request, 'unlink_user_from_ta', 'Unlinking a client');
  const db = request.server.database.db;
  const disposal = await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('client_links')
      .where('tenant_id', '=', principal.tenantId)
      .where('client_id', '=', id)
      .where('external_party_id', '=', partyId)
      .returning('consent_status')
      .executeTakeFirst();
    if (!deleted) throw new AppError('not_found', 'There is no such client');
    await recordAudit(trx, {
      actor: principal,
      action: 'client.unlink',
      targetType: 'client',
      targetId: id,
      clientId: id,
      ip: request.ip,
    });
    await liftSuspensionOf(trx, { principal, clientId: id, partyId, ip: request.ip });
    const ended = { tenantId: principal.tenantId, clientId: id, practiceId: partyId };
    // The link held the practice's consent: what a withdrawal deletes goes too (its exports of the
    // client; the shared data when no other consent covers it). A consent never given (an invitation
    // still pending) or already ended (withdrawn, expired: disposed of then) held no data: the
    // client's data is theirs. Before 2026-11-29 any unlink disposed of it, so a practice that
    // invited another practice's client's address and unlinked the invitation deleted their banks'
    // data whenever no consent was current (connected by the client, or between consents).
    if (!consentHeldData(deleted.consent_status)) {
      return { exportFiles: await deleteExportsOfPractice(trx, ended, partyId) };
    }
    return disposeSharedData(trx, ended);
  });
  await finishDisposal([disposal], {
    store: configuredDocumentStore(request.server.config.documentStorage),
    log: request.log,
  });
}

/**
 * The practice's own suspension of the client goes with its link: no one but the operator could
 * lift it afterwards, and the next practice to invite the address would find it (2026-12-02).
 * Audited `client.reactivate`; the client's sign-ins end, as at any lift.
 */
async function liftSuspensionOf(
  trx: Kysely<Database>,
  lift: { principal: AdminUserPrincipal; clientId: number; partyId: number; ip: string },
): Promise<void> {
  const client = await trx
    .selectFrom('clients')
    .select(['password_hash', 'suspended_from'])
    .where('id', '=', lift.clientId)
    .where('status', '=', 'suspended')
    .where('suspended_by_party_id', '=', lift.partyId)
    .forUpdate()
    .executeTakeFirst();
  if (!client) return;
  await trx
    .updateTable('clients')
    .set({ ...liftedSuspension(client), updated_at: new Date() })
    .where('id', '=', lift.clientId)
    .execute();
  await revokeBearerTokens(trx, { kind: 'client', id: lift.clientId });
  await recordAudit(trx, {
    actor: lift.principal,
    action: 'client.reactivate',
    targetType: 'client',
    targetId: lift.clientId,
    clientId: lift.clientId,
    ip: lift.ip,
  });
}
