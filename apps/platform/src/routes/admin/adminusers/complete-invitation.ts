import { type AdminPermissionArea, adminPermissionAreas } from '@waratah/contracts';
import { endEverySignIn, spendPasswordLinks } from '@waratah/identity';
import { getTenant } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { recordAudit } from '../../../access/record-audit.ts';
import { type AdminUserRow, createAdminUser } from '../../../auth/admin-users/create-admin-user.ts';
import { grantingArea } from '../../../auth/operator-areas.ts';
import type { Database } from '../../../db/database-schema.ts';
import type { JobContext } from '../../../jobs/job-queue.ts';
import type { InvitationRequest } from '../../../mail/account-mail-job.ts';
import { durationText } from '../../../mail/duration-text.ts';
import { invitationDeclinedMail } from '../../../mail/messages/invitation-declined-mail.ts';
import { invitationMail } from '../../../mail/messages/invitation-mail.ts';
import { createPartyRepository } from '../../adviser/parties/party-repository.ts';
import { isRegistrationAccount } from './registration-account.ts';

/**
 * The invitation's own work, done by the `mail.account` job (`kind: 'invitation'`). An address
 * without an account gets one, unverified and without a password, of the invitee's kind and
 * practice (`inviteeOf`: an adviser's colleague joins its practice; an operator's invitee is an
 * operator, or an adviser of the practice the operator named), and a link to set its password (7
 * days, once). This practice's own invitation not accepted yet is sent a fresh link, and so is a
 * registration nobody confirmed, which an invitation into a practice takes over
 * (`takeOverRegistration`, since 2026-12-03). The request audited the invitation
 * (`admin_user.invite`, target the address), the same for every address. Any other account of the
 * address (active, another practice's or kind's invitation, a registration confirmed or one an
 * operator's invitation of an operator meets) is left as it is and, if active, its owner told who
 * invited them: before 2026-11-29 such an invitation reused the row, so its link set the password
 * of another practice's invitee (or an operator), and a registrant accepting it joined no practice.
 *
 * Safe to run again (the queue retries a failed send): the retry finds the row it wrote (its
 * payload marked `written` in the same transaction) and only sends a fresh link; two first invitations of one address at once: the second meets the first's row, fails,
 * and on its retry sends a link (same practice) or the note.
 */
export async function completeInvitation(
  app: FastifyInstance,
  request: InvitationRequest,
  job: JobContext,
): Promise<void> {
  const tenant = getTenant(request.tenantId);
  const invitee = inviteeOf(request);
  const [existing, inviter, party] = await Promise.all([
    app.adminUsers.findByEmail(tenant.id, request.email),
    app.adminUsers.findById(tenant.id, request.inviterAdminUserId),
    // The practice the invitee joins, of the invitation's tenant (before 2026-12-03 read by its id
    // alone).
    invitee.partyId === null
      ? undefined
      : createPartyRepository(app.database.db).find(tenant.id, invitee.partyId),
  ]);
  // Suspended, moved to another practice or another kind since asking: the invitation lapses. So
  // does one whose practice is no longer enabled (disabled, or sent back to review, where its name
  // may change unchecked): the request checked it, but the job runs later. Before 2026-12-02 the
  // job created the account and sent the link, naming the practice as it was by then.
  if (
    inviter?.status !== 'active' ||
    inviter.kind !== request.role ||
    inviter.external_party_id !== request.externalPartyId ||
    (invitee.partyId !== null && party?.status !== 'enabled')
  )
    return;
  const inviterName = `${inviter.given_name} ${inviter.family_name}`.trim();
  const takenOver =
    existing &&
    !isOpenInvitationOf(existing, invitee) &&
    isRegistrationAccount(existing) &&
    invitee.partyId !== null
      ? await takeOverRegistration(app, request, existing, invitee.partyId, job)
      : undefined;
  if (existing && !takenOver && !isOpenInvitationOf(existing, invitee)) {
    if (existing.status !== 'active') return;
    const mail = invitationDeclinedMail({
      tenant,
      givenName: existing.given_name,
      inviterName,
      partyName: party?.name,
      portalOrigin: request.portalOrigin,
    });
    await app.mailer.send({ tenantId: tenant.id, to: existing.email, ...mail });
    return;
  }
  const account =
    takenOver ??
    (request.written && existing ? existing : await writeInvitation(app, request, existing, inviter, job));
  const token = await app.oneTimeTokens.issueLinkToken({
    tenantId: tenant.id,
    adminUserId: account.id,
    purpose: 'invitation',
    ttlSeconds: app.authSettings.invitationTokenTtlSeconds,
  });
  const mail = invitationMail({
    tenant,
    givenName: account.given_name,
    inviterName,
    partyName: party?.name,
    url: `${request.portalOrigin}/set-password?invitation_token=${token}`,
    expiresIn: durationText(app.authSettings.invitationTokenTtlSeconds),
  });
  await app.mailer.send({ tenantId: tenant.id, to: account.email, ...mail });
}

/**
 * The invitee's account (unless it is there already), with a mark in the job's payload in the
 * same transaction: a retry after a failed send finds it and only sends a fresh link. (The
 * invitation itself was audited by its request, the same for every address.)
 */
async function writeInvitation(
  app: FastifyInstance,
  request: InvitationRequest,
  existing: AdminUserRow | undefined,
  inviter: AdminUserRow,
  job: JobContext,
): Promise<AdminUserRow> {
  const tenant = getTenant(request.tenantId);
  const invitee = inviteeOf(request);
  return app.database.db.transaction().execute(async (trx) => {
    if (existing) {
      if (invitee.kind !== 'operator') return existing;
      // Both rows locked in id order, as `PUT adminusers/{id}/permissions` locks them, and read
      // afresh: a change of either's areas since the job read them is not undone (review 179).
      const locked = await trx
        .selectFrom('admin_users')
        .select(['id', 'permissions'])
        .where('id', 'in', [existing.id, inviter.id])
        .orderBy('id')
        .forUpdate()
        .execute();
      const held = locked.find((row) => row.id === existing.id)?.permissions ?? existing.permissions;
      const inviterHolds = locked.find((row) => row.id === inviter.id)?.permissions ?? [];
      const permissions = reinvitedAreas(request, inviterHolds, held);
      if (permissions === undefined) return existing;
      const user = await trx
        .updateTable('admin_users')
        .set({ permissions: JSON.stringify(permissions), updated_at: new Date() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor: { kind: 'admin_user', tenantId: tenant.id, adminUserId: inviter.id, ip: request.ip },
        action: 'admin_user.permissions',
        targetType: 'admin_user',
        targetId: existing.id,
      });
      await app.jobQueue.markPayloadKey(job.id, 'written', trx);
      return user;
    }
    const user = await createAdminUser(trx, {
      tenantId: tenant.id,
      email: request.email,
      givenName: request.givenName,
      familyName: request.familyName,
      kind: invitee.kind,
      externalPartyId: invitee.partyId,
      emailVerified: false,
      permissions: grantedAreas(request, inviter),
    });
    await app.jobQueue.markPayloadKey(job.id, 'written', trx);
    return user;
  });
}

/** The areas an inviter may grant or take away when its job runs: those it holds, with `grantingArea`. */
function grantableBy(inviterHolds: readonly string[]): ReadonlySet<string> {
  return new Set(inviterHolds.includes(grantingArea) ? inviterHolds : []);
}

/**
 * The areas a new operator invitee is granted: those the invitation named that the inviter may
 * still grant (`grantableBy`); none for an adviser. A job queued before 2026-12-04 names none (its
 * field absent), from an operator who then reached everything: its invitee gets every area the
 * inviter holds now, as migration 0036 gave the operators there.
 */
function grantedAreas(request: InvitationRequest, inviter: AdminUserRow): AdminPermissionArea[] {
  if (inviteeOf(request).kind !== 'operator') return [];
  if (request.inviteePermissions === undefined)
    return adminPermissionAreas.filter((area) => inviter.permissions.includes(area));
  const grantable = grantableBy(inviter.permissions);
  return request.inviteePermissions.filter((area) => grantable.has(area));
}

/**
 * An operator invited again before accepting: the areas the inviter may grant are set as the new
 * invitation names them (granted or taken away), the others kept, as `PUT adminusers/{id}/permissions`
 * changes them; undefined when nothing changes. Before 2026-12-04 (review 175) the newest invitation
 * replaced every area, so an inviter without `roles_and_permissions` could take away areas another
 * operator granted, unaudited.
 */
function reinvitedAreas(
  request: InvitationRequest,
  inviterHolds: readonly string[],
  inviteeHolds: readonly string[],
): AdminPermissionArea[] | undefined {
  if (request.inviteePermissions === undefined) return undefined;
  const grantable = grantableBy(inviterHolds);
  const named = new Set<string>(request.inviteePermissions);
  const held = new Set<string>(inviteeHolds);
  const next = adminPermissionAreas.filter((area) =>
    grantable.has(area) ? named.has(area) : held.has(area),
  );
  const changed = next.length !== held.size || next.some((area) => !held.has(area));
  return changed ? next : undefined;
}

/**
 * Whom an invitation makes: its invitee's kind and practice. A job queued before 2026-12-03 has
 * neither, and made its invitee of the inviter's kind and practice.
 */
export function inviteeOf(request: InvitationRequest): Invitee {
  return {
    kind: request.inviteeKind ?? request.role,
    partyId: request.inviteePartyId === undefined ? request.externalPartyId : request.inviteePartyId,
  };
}

interface Invitee {
  kind: 'adviser' | 'operator';
  partyId: number | null;
}

/** An invitation of this kind into this practice (or none), its password not set yet. */
function isOpenInvitationOf(user: AdminUserRow, invitee: Invitee): boolean {
  return (
    user.status === 'active' &&
    user.kind === invitee.kind &&
    user.external_party_id === invitee.partyId &&
    user.password_hash === null &&
    user.email_verified_at === null
  );
}

/**
 * A registration nobody confirmed (`isRegistrationAccount`) made this practice's invitation: its
 * names the invited ones, its password and accepted terms cleared, and, in the same transaction,
 * every live link and code of the account spent (the platform's and the identity's own
 * confirmation and reset links, rows of `identity_store` deleted here) and every sign-in ended.
 * Whoever registered the address proved nothing, and the invitee proves it through the link
 * (before 2026-12-03 such a registration blocked every invitation of its address for good: its
 * owner was sent the "already registered" note, which it could not act on). The update marks when
 * the account joined the practice (`practice_joined_at`, migration 0034): the account's entries
 * before then (its `admin_user.register`, failed sign-ins, with whoever's address and IP) are the
 * registrant's, and the practice's audit log leaves them out (access/list-audit-log.ts); listed,
 * they told the inviter that the address had been registered. One guarded update:
 * undefined when the account was confirmed, joined a practice or changed since it was read, and
 * the caller then sends the note. Marks the job's payload `written`, so that a retry (a failed
 * send) finds this practice's open invitation and only sends a fresh link.
 */
async function takeOverRegistration(
  app: FastifyInstance,
  request: InvitationRequest,
  registration: AdminUserRow,
  partyId: number,
  job: JobContext,
): Promise<AdminUserRow | undefined> {
  return app.database.db.transaction().execute(async (trx) => {
    const account = await trx
      .updateTable('admin_users')
      .set({
        external_party_id: partyId,
        // Its entries before now are the registrant's, left out of the practice's audit log. The
        // clock's time, not the transaction's start: an entry of a request that began meanwhile
        // is the registrant's too (the invitee's link is sent after the commit).
        practice_joined_at: sql<Date>`clock_timestamp()`,
        given_name: request.givenName,
        family_name: request.familyName,
        password_hash: null,
        terms_accepted_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', registration.id)
      .where('email_verified_at', 'is', null)
      .where('kind', '=', 'adviser')
      .where('external_party_id', 'is', null)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
    if (!account) return undefined;
    // Its registration's code, and any reset or invitation link it was sent (the identity's reset
    // links too, `spendPasswordLinks`), are not the invitee's: whoever registered holds them.
    await trx
      .updateTable('one_time_tokens')
      .set({ used_at: new Date() })
      .where('admin_user_id', '=', account.id)
      .where('purpose', '=', 'email_verification')
      .where('used_at', 'is', null)
      .execute();
    await spendPasswordLinks<Database>(trx, account.id);
    // The identity's link confirming the address (`EmailVerification`, apps/identity's
    // `accounts/link-tokens.ts`): deleted here, as its reset links are by `spendPasswordLinks`.
    await trx
      .deleteFrom('identity_store')
      .where('model', '=', 'EmailVerification')
      .where(sql<string>`payload->>'accountId'`, '=', String(account.id))
      .execute();
    await endEverySignIn<Database>(trx, account.id);
    await app.jobQueue.markPayloadKey(job.id, 'written', trx);
    return account;
  });
}
