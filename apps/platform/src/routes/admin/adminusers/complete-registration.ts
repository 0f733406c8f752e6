import { getTenant } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../access/record-audit.ts';
import { type AdminUserRow, createAdminUser } from '../../../auth/admin-users/create-admin-user.ts';
import type { Database } from '../../../db/database-schema.ts';
import type { JobContext } from '../../../jobs/job-queue.ts';
import type { RegistrationRequest } from '../../../mail/account-mail-job.ts';
import { durationText } from '../../../mail/duration-text.ts';
import { alreadyRegisteredMail } from '../../../mail/messages/already-registered-mail.ts';
import { invitationWaitingMail } from '../../../mail/messages/invitation-waiting-mail.ts';
import { createPartyRepository } from '../../adviser/parties/party-repository.ts';
import { isRegistrationAccount } from './registration-account.ts';
import { sendVerificationCode } from './send-verification-code.ts';

/**
 * The registration's own work, done by the `mail.account` job (`kind: 'registration'`): a verified
 * account is left as it is and its owner told it exists (if it is active); an unverified account
 * that is not a registration's own (`isRegistrationAccount`: a colleague's or operator's pending
 * invitation, a suspended account) is left as it is (before 2026-12-02 it was renamed, its terms
 * marked accepted and sent a code), an open invitation's address sent a fresh link to accept it
 * (`sendInvitationWaiting`);
 * otherwise the adviser is created unverified (or, registering again, renamed and its password
 * cleared), audited
 * (`admin_user.register`, the registrant as the actor, from the request's address), and sent a
 * code. The password's hash, if one came, is then dropped from the job's row, which outlives the
 * job by 7 days.
 *
 * Safe to run again (the queue retries a failed attempt): a row this registration wrote itself
 * (its password's hash, salted, is the very one in the payload) is left as it is, so a code that
 * failed to send does not cost the registrant their password; the second of two first
 * registrations of one address at once meets the first's row, fails, and on its retry renames it.
 * An account verified meanwhile is not renamed.
 */
export async function completeRegistration(
  app: FastifyInstance,
  request: RegistrationRequest,
  job: JobContext,
): Promise<void> {
  const tenant = getTenant(request.tenantId);
  const forgetPassword = async () => {
    if (request.passwordHash !== undefined) await app.jobQueue.forgetPayloadKey(job.id, 'passwordHash');
  };
  const existing = await app.adminUsers.findByEmail(tenant.id, request.email);
  if (existing?.email_verified_at) {
    await forgetPassword();
    if (existing.status !== 'active') return;
    const mail = alreadyRegisteredMail({
      tenant,
      givenName: existing.given_name,
      signInUrl: `${request.portalOrigin}/`,
      resetUrl: `${request.portalOrigin}/reset-password`,
    });
    await app.mailer.send({ tenantId: tenant.id, to: existing.email, ...mail });
    return;
  }
  // An invitation's account is its invitee's, to accept from the invitation's link: left as it is,
  // and an open one's address sent a fresh link (its owner is most likely the invitee whose link
  // lapsed).
  if (existing && !isRegistrationAccount(existing)) {
    await forgetPassword();
    await sendInvitationWaiting(app, request, existing);
    return;
  }
  const profile = { givenName: request.givenName, familyName: request.familyName };
  const ownRow =
    existing !== undefined &&
    request.passwordHash !== undefined &&
    existing.password_hash === request.passwordHash;
  const user = ownRow
    ? existing
    : await app.database.db.transaction().execute(async (trx) => {
        const registered = existing
          ? await updateRegistration(trx, existing, profile)
          : await createAdminUser(trx, {
              tenantId: tenant.id,
              email: request.email,
              ...(request.passwordHash !== undefined && { passwordHash: request.passwordHash }),
              ...profile,
              kind: 'adviser',
              emailVerified: false,
              termsAcceptedAt: new Date(),
            });
        if (!registered) return undefined;
        await recordAudit(trx, {
          actor: { kind: 'admin_user', tenantId: tenant.id, adminUserId: registered.id, ip: request.ip },
          action: 'admin_user.register',
          targetType: 'admin_user',
          targetId: registered.id,
        });
        return registered;
      });
  if (user) {
    await sendVerificationCode(app, {
      tenant,
      adminUserId: user.id,
      email: user.email,
      givenName: profile.givenName,
    });
  }
  await forgetPassword();
}

/**
 * An invitation nobody accepted yet (active, unverified, no password) whose practice, if it names
 * one, is enabled: its address is sent a fresh invitation link (7 days, once), saying an invitation
 * is waiting; the invitation's own link keeps working (the first used spends the other). Anything else (suspended, a practice disabled or in review, where the link would not
 * work) is sent nothing. Before 2026-12-03 every such registration was silent, and an invitee whose
 * link had lapsed, registering, waited for a code that never came. The link is no more than
 * "Forgot password" gives the same address (`password-reset`), so it opens nothing to whoever
 * registered; the registration's names and password are not used.
 */
async function sendInvitationWaiting(
  app: FastifyInstance,
  request: RegistrationRequest,
  invitee: AdminUserRow,
): Promise<void> {
  if (invitee.status !== 'active' || invitee.email_verified_at !== null || invitee.password_hash !== null)
    return;
  const tenant = getTenant(request.tenantId);
  const party =
    invitee.external_party_id === null
      ? undefined
      : await createPartyRepository(app.database.db).find(tenant.id, invitee.external_party_id);
  if (invitee.external_party_id !== null && party?.status !== 'enabled') return;
  const token = await app.oneTimeTokens.issueLinkToken({
    tenantId: tenant.id,
    adminUserId: invitee.id,
    purpose: 'invitation',
    ttlSeconds: app.authSettings.invitationTokenTtlSeconds,
    // Whoever registered is not known to be the invitee: the link the invitation sent keeps
    // working (review 156: anyone knowing the address could spend it, as often as the limits let).
    keepEarlier: true,
  });
  const mail = invitationWaitingMail({
    tenant,
    givenName: invitee.given_name,
    partyName: party?.name,
    url: `${request.portalOrigin}/set-password?invitation_token=${token}`,
    expiresIn: durationText(app.authSettings.invitationTokenTtlSeconds),
  });
  await app.mailer.send({ tenantId: tenant.id, to: invitee.email, ...mail });
}

/**
 * Registering again before the address is verified: the names as now given, and no password
 * (undefined when the address was verified meanwhile, or the account is no longer a
 * registration's own). Who sent this is unknown: keeping a password set earlier would let whoever
 * registered first (not necessarily the address's owner) sign in once the owner verifies it, and
 * taking the new one would let anyone replace the owner's. The verify step gives whoever proves
 * the address a link to choose one.
 */
async function updateRegistration(
  db: Kysely<Database>,
  user: AdminUserRow,
  profile: { givenName: string; familyName: string },
): Promise<AdminUserRow | undefined> {
  return (
    db
      .updateTable('admin_users')
      .set({
        given_name: profile.givenName,
        family_name: profile.familyName,
        terms_accepted_at: new Date(),
        updated_at: new Date(),
        password_hash: null,
      })
      .where('id', '=', user.id)
      // Verified since it was read (its owner proved the address): theirs, not a registration's.
      .where('email_verified_at', 'is', null)
      // Nor one that has stopped being a registration's own since (`isRegistrationAccount`).
      .where('kind', '=', 'adviser')
      .where('external_party_id', 'is', null)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst()
  );
}
