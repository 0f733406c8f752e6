import type { AdminPermissionArea } from '@waratah/contracts';
import { getTenant, isTenantId, type TenantId } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { enqueueJob } from '../jobs/table-job-queue.ts';
import { completeInvitation } from '../routes/admin/adminusers/complete-invitation.ts';
import { completeRegistration } from '../routes/admin/adminusers/complete-registration.ts';
import { isRegistrationAccount } from '../routes/admin/adminusers/registration-account.ts';
import { sendVerificationCode } from '../routes/admin/adminusers/send-verification-code.ts';
import { durationText } from './duration-text.ts';
import { resetPasswordMail } from './messages/reset-password-mail.ts';

/**
 * The job that e-mails a password-reset link or a new verification code to an address, if it has an
 * account, or after a registration the code (or, to a verified account, a note that it exists), or
 * after an invitation the link (or, to an account elsewhere, a note of who invited it).
 */
export const accountMailJob = 'mail.account';

/** What was asked for, by whom nobody knows yet: the job finds out whether the address has an account. */
export type AccountMailRequest =
  | { kind: 'password-reset'; tenantId: TenantId; email: string; portalOrigin: string }
  | { kind: 'verification-code'; tenantId: TenantId; email: string }
  | RegistrationRequest
  | InvitationRequest;

/**
 * A registration (`POST adminusers/register`), done by the job (`completeRegistration`). Its row,
 * kept 7 days after it ends as every job's is, holds the names and the request's address; the
 * hash of a password that came with it only until the job has used it.
 */
export interface RegistrationRequest {
  kind: 'registration';
  tenantId: TenantId;
  email: string;
  givenName: string;
  familyName: string;
  passwordHash?: string;
  portalOrigin: string;
  ip: string;
}

/**
 * An invitation of a colleague (`POST adminusers/invite`) by an adviser into their practice, or by
 * an operator (of another operator, or of an adviser into a practice it names), done by the job
 * (`completeInvitation`). Its row, kept 7 days after it ends as every job's is, holds the address
 * and names invited and the request's address.
 */
export interface InvitationRequest {
  kind: 'invitation';
  tenantId: TenantId;
  email: string;
  givenName: string;
  familyName: string;
  inviterAdminUserId: number;
  /** The inviter's kind when it asked (the job checks it still is). */
  role: 'adviser' | 'operator';
  /** The inviter's practice when it asked (none for an operator; the job checks it still is). */
  externalPartyId: number | null;
  /**
   * The invitee's kind: an adviser's invitee is an adviser, an operator's an operator, or an
   * adviser when the operator named a practice. Absent from jobs queued before 2026-12-03, whose
   * invitee was of the inviter's kind and practice (`inviteeOf`, `complete-invitation.ts`).
   */
  inviteeKind?: 'adviser' | 'operator';
  /** The practice the invitee joins (the adviser's own, or the one an operator named), or null. */
  inviteePartyId?: number | null;
  /**
   * The areas an operator's invitee is granted, as far as the inviter may still grant them when the
   * job runs (`complete-invitation.ts`). Absent from jobs queued before 2026-12-04, whose operator
   * inviters reached everything.
   */
  inviteePermissions?: AdminPermissionArea[];
  portalOrigin: string;
  ip: string;
  /** Set by the job itself once the account is written, for its retries. */
  written?: true;
}

/**
 * Queues the e-mail a request asked for (`POST adminusers/reset`, a new code at
 * `parties/external/verify`, a registration, an invitation). Those requests answer the same whether or not the
 * address has an account, and so must they take the same time: looking the address up, writing a link or code
 * and sending the e-mail (an SMTP server's round trips) only for the addresses that have one would
 * tell anyone timing the answers which do. The request only writes this job, the same for every
 * address; the job does the rest, and retries a failed send.
 */
export async function requestAccountMail(
  app: FastifyInstance,
  request: AccountMailRequest,
  trx?: Kysely<Database>,
): Promise<void> {
  const options = { retryLimit: 3, retryBackoff: true };
  // In the caller's transaction, with what it records of the request (an invitation's audit row).
  if (trx) await enqueueJob(trx, accountMailJob, request, options);
  else await app.jobQueue.enqueue(accountMailJob, request, options);
}

/**
 * The worker of `accountMailJob`: nothing is sent to an address without a matching account (for a
 * new code: a registration's own, `isRegistrationAccount`).
 */
export async function registerAccountMailJob(app: FastifyInstance): Promise<void> {
  await app.jobQueue.work<AccountMailRequest>(
    accountMailJob,
    async (request, job) => {
      if (!isTenantId(request.tenantId)) throw new Error(`Unknown tenant ${request.tenantId}`);
      if (request.kind === 'registration') return completeRegistration(app, request, job);
      if (request.kind === 'invitation') return completeInvitation(app, request, job);
      const tenant = getTenant(request.tenantId);
      const user = await app.adminUsers.findByEmail(tenant.id, request.email);
      if (request.kind === 'password-reset') {
        if (user?.status !== 'active') return;
        const token = await app.oneTimeTokens.issueLinkToken({
          tenantId: tenant.id,
          adminUserId: user.id,
          purpose: 'reset_password',
          ttlSeconds: app.authSettings.resetTokenTtlSeconds,
        });
        const url = `${request.portalOrigin}/set-password?reset_password_token=${token}`;
        const mail = resetPasswordMail({
          tenant,
          givenName: user.given_name,
          url,
          expiresIn: durationText(app.authSettings.resetTokenTtlSeconds),
        });
        await app.mailer.send({ tenantId: tenant.id, to: user.email, ...mail });
        return;
      }
      // A code only for a registration's own account, unconfirmed: an invitation's (a practice's
      // adviser, an operator) is its invitee's to accept from its link. Before 2026-12-02 any
      // unverified account was sent one, and its code confirmed it (`post-verify-email.ts`).
      if (!user || !isRegistrationAccount(user)) return;
      await sendVerificationCode(app, {
        tenant,
        adminUserId: user.id,
        email: user.email,
        givenName: user.given_name,
      });
    },
    // One at a time per instance: an SMTP server that stalls holds its job for its timeouts
    // (smtp-mailer.ts), and must not hold every worker slot of the queue (exports, sweeps) meanwhile.
    { concurrency: 1 },
  );
}
