import { getTenant } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { type AdminUserRow, createAdminUser } from '../../../auth/admin-users/create-admin-user.ts';
import type { JobContext } from '../../../jobs/job-queue.ts';
import type { InvitationRequest } from '../../../mail/account-mail-job.ts';
import { invitationDeclinedMail } from '../../../mail/messages/invitation-declined-mail.ts';
import { invitationMail } from '../../../mail/messages/invitation-mail.ts';

/**
 * The invitation's own work, done by the `mail.account` job (`kind: 'invitation'`). An address
 * without an account gets one, unverified and without a password, in the inviter's practice (an
 * operator's invitee: an operator), and a link to set its password (7 days, once). This
 * practice's own invitation not accepted yet is sent a fresh link. The request audited the
 * invitation (`admin_user.invite`, target the address), the same for every address. Any other account of the address
 * (active, another practice's or kind's invitation, a registration of its own) is left as it is and,
 * if active, its owner told who invited them: before 2026-11-29 such an invitation reused the row,
 * so its link set the password of another practice's invitee (or an operator), and a registrant
 * accepting it joined no practice.
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
  const [existing, inviter, party] = await Promise.all([
    app.adminUsers.findByEmail(tenant.id, request.email),
    app.adminUsers.findById(tenant.id, request.inviterAdminUserId),
    request.externalPartyId === null
      ? undefined
      : app.database.db
          .selectFrom('external_parties')
          .select(['name', 'status'])
          .where('id', '=', request.externalPartyId)
          .executeTakeFirst(),
  ]);
  // Suspended, moved to another practice or another kind since asking: the invitation lapses. So
  // does one whose practice is no longer enabled (disabled, or sent back to review, where its name
  // may change unchecked): the request checked it, but the job runs later. Before 2026-12-02 the
  // job created the account and sent the link, naming the practice as it was by then.
  if (
    inviter?.status !== 'active' ||
    inviter.kind !== request.role ||
    inviter.external_party_id !== request.externalPartyId ||
    (request.externalPartyId !== null && party?.status !== 'enabled')
  )
    return;
  const inviterName = `${inviter.given_name} ${inviter.family_name}`.trim();
  if (existing && !isOpenInvitationOf(existing, request)) {
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
  const invitee = request.written && existing ? existing : await writeInvitation(app, request, existing, job);
  const token = await app.oneTimeTokens.issueLinkToken({
    tenantId: tenant.id,
    adminUserId: invitee.id,
    purpose: 'invitation',
    ttlSeconds: app.authSettings.invitationTokenTtlSeconds,
  });
  const mail = invitationMail({
    tenant,
    givenName: invitee.given_name,
    inviterName,
    partyName: party?.name,
    url: `${request.portalOrigin}/set-password?invitation_token=${token}`,
  });
  await app.mailer.send({ tenantId: tenant.id, to: invitee.email, ...mail });
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
  job: JobContext,
): Promise<AdminUserRow> {
  const tenant = getTenant(request.tenantId);
  return app.database.db.transaction().execute(async (trx) => {
    const user =
      existing ??
      (await createAdminUser(trx, {
        tenantId: tenant.id,
        email: request.email,
        givenName: request.givenName,
        familyName: request.familyName,
        kind: request.role,
        externalPartyId: request.externalPartyId,
        emailVerified: false,
      }));
    await app.jobQueue.markPayloadKey(job.id, 'written', trx);
    return user;
  });
}

/** An invitation into the inviter's practice, as the inviter's kind, its password not set yet. */
function isOpenInvitationOf(user: AdminUserRow, request: InvitationRequest): boolean {
  return (
    user.status === 'active' &&
    user.kind === request.role &&
    user.external_party_id === request.externalPartyId &&
    user.password_hash === null &&
    user.email_verified_at === null
  );
}
