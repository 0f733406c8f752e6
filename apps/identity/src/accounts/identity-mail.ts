import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { verifyEmailPath } from '../email-verification/email-verification-pages.ts';
import type { IdentityService } from '../identity-service.ts';
import { forgotPasswordPath, resetPasswordPath, withClient } from '../password-reset/password-reset-pages.ts';
import { afterAnswer } from '../routes/after-answer.ts';
import { findAdviser } from './adviser-account.ts';
import { emailVerificationLink, issueLinkToken, passwordResetLink } from './link-tokens.ts';
import type { RegisteredAdviser, RegistrationMail } from './registration-mail.ts';

/**
 * The durable job queue a host may lend the identity for its e-mail. The platform's table queue
 * (apps/platform/src/jobs, docs/jobs.md) has this shape; the identity never imports the platform.
 */
export interface IdentityJobQueue {
  enqueue(
    name: string,
    payload: object,
    options?: { retryLimit?: number; retryBackoff?: boolean },
  ): Promise<string>;
  work<T extends object>(
    name: string,
    handler: (payload: T) => Promise<void>,
    options?: { concurrency?: number },
  ): Promise<void>;
}

/** The job that sends the identity's e-mail when a queue is lent: a welcome, or a reset link. */
export const identityMailJob = 'identity.mail';

/** A forgotten password as it was asked for; whether the address has an account is found out later. */
export interface PasswordResetRequest {
  tenantId: string;
  email: string;
  /** The identity's origin on the tenant's host, and the portal's client, for the link. */
  origin: string;
  clientId: string;
}

/** A new adviser's address to confirm; the link is written when the e-mail goes out. */
export interface EmailVerificationRequest {
  tenantId: string;
  adminUserId: number;
  /** The identity's origin on the tenant's host, and the portal's client, for the link. */
  origin: string;
  clientId: string;
}

/** Someone registered a confirmed account's address again; `portalUrl` starts a sign-in. */
export interface AlreadyRegisteredRequest {
  tenantId: string;
  adminUserId: number;
  origin: string;
  clientId: string;
  portalUrl: string;
}

/** Someone registered the address of an invitation nobody accepted yet; the link is written when the e-mail goes out. */
export interface InvitationWaitingRequest {
  tenantId: string;
  adminUserId: number;
  origin: string;
  clientId: string;
}

export type IdentityMailRequest =
  | { kind: 'welcome'; adviser: RegisteredAdviser }
  | { kind: 'verify-email'; request: EmailVerificationRequest }
  | { kind: 'password-reset'; request: PasswordResetRequest }
  | { kind: 'already-registered'; request: AlreadyRegisteredRequest }
  | { kind: 'invitation-waiting'; request: InvitationWaitingRequest };

/** How the identity's pages send e-mail (`createIdentityMail`). */
export interface IdentityMail {
  /** Tells a new adviser they are registered; a failure to send or queue is logged, never the registration's. */
  welcome(adviser: RegisteredAdviser, log: FastifyBaseLogger): Promise<void>;
  /**
   * E-mails a new link to confirm the adviser's address (earlier links stop working), unless it is
   * confirmed already. Queued like the others; a failure to queue is thrown, since the adviser
   * cannot sign in without it.
   */
  verifyEmail(asked: EmailVerificationRequest): Promise<void>;
  /**
   * E-mails a reset link if the address is an active adviser's, in a way the answer's time does
   * not tell whether it is: the request only queues it, or, without a queue, it is done once the
   * answer has gone.
   */
  passwordReset(asked: PasswordResetRequest, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Tells a confirmed account's owner that someone registered their address again: queued, or
   * sent once the answer has gone (the answer's time must not tell it from a new registration).
   */
  alreadyRegistered(
    asked: AlreadyRegisteredRequest,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void>;
  /**
   * Sends an invitee who has not accepted yet, whose address someone registered, a link to choose
   * their password; queued or sent after the answer, as `alreadyRegistered`.
   */
  invitationWaiting(
    asked: InvitationWaitingRequest,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void>;
}

/** Sends are retried three times, 2, 4 and 8 seconds apart, before the job is recorded failed. */
const retries = { retryLimit: 3, retryBackoff: true } as const;

/**
 * The identity's e-mail through the host's `RegistrationMail`. With a `jobQueue` (the platform
 * mounting the identity, or the standalone identity's own queue over the same database), each
 * e-mail is a job: kept across a crash or a restart, retried when the mail server fails, and a
 * failure recorded in the job's row. Without one, the e-mail is sent in this process, once; a
 * failure is only logged.
 */
export function createIdentityMail(
  identity: IdentityService,
  mail: RegistrationMail | undefined,
  jobQueue?: IdentityJobQueue,
): IdentityMail {
  const queue = (job: IdentityMailRequest) => jobQueue?.enqueue(identityMailJob, job, retries);
  return {
    async welcome(adviser, log) {
      if (!mail) return;
      try {
        if (jobQueue) await queue({ kind: 'welcome', adviser });
        else await mail.sendWelcome(adviser);
      } catch (error) {
        // The account exists whether or not the e-mail goes out: it is not needed to sign in.
        log.error(
          { err: error, adminUserId: adviser.adminUserId },
          'The registration e-mail could not be sent',
        );
      }
    },
    async verifyEmail(asked) {
      // Without a way to send it the adviser could never sign in: the page must say so.
      if (!mail) throw new Error('The identity has no e-mail to send the link with');
      if (jobQueue) await queue({ kind: 'verify-email', request: asked });
      else await mailEmailVerificationLink(identity, mail, asked);
    },
    // The same job for every address: the lookup, the link and the SMTP server's round trips are
    // the job's (or after the answer), and only an address with an account gets an e-mail.
    async passwordReset(asked, request, reply) {
      if (!mail) return;
      await queueOrAfterAnswer({ kind: 'password-reset', request: asked }, request, reply, () =>
        mailPasswordResetLink(identity, mail, asked),
      );
    },
    async alreadyRegistered(asked, request, reply) {
      if (!mail) return;
      await queueOrAfterAnswer({ kind: 'already-registered', request: asked }, request, reply, () =>
        mailAlreadyRegistered(identity, mail, asked),
      );
    },
    async invitationWaiting(asked, request, reply) {
      if (!mail) return;
      await queueOrAfterAnswer({ kind: 'invitation-waiting', request: asked }, request, reply, () =>
        mailInvitationWaiting(identity, mail, asked),
      );
    },
  };

  /** Queues the e-mail, or without a queue sends it once the answer has gone, so that its time tells nothing. */
  async function queueOrAfterAnswer(
    job: IdentityMailRequest,
    request: FastifyRequest,
    reply: FastifyReply,
    send: () => Promise<void>,
  ): Promise<void> {
    if (jobQueue) {
      await queue(job);
      return;
    }
    afterAnswer(request, reply, `The ${job.kind} e-mail could not be sent`, send);
  }
}

/** The worker of `identityMailJob` on a lent queue: a failed send throws, so the job retries. */
export async function registerIdentityMailJob(
  jobQueue: IdentityJobQueue,
  identity: IdentityService,
  mail: RegistrationMail,
): Promise<void> {
  await jobQueue.work<IdentityMailRequest>(
    identityMailJob,
    async (job) => {
      if (job.kind === 'welcome') await mail.sendWelcome(job.adviser);
      else if (job.kind === 'verify-email') await mailEmailVerificationLink(identity, mail, job.request);
      else if (job.kind === 'already-registered') await mailAlreadyRegistered(identity, mail, job.request);
      else if (job.kind === 'invitation-waiting') await mailInvitationWaiting(identity, mail, job.request);
      else await mailPasswordResetLink(identity, mail, job.request);
    },
    // One at a time per instance: a stalled SMTP server must not hold every worker slot.
    { concurrency: 1 },
  );
}

/**
 * Writes a new link to confirm the adviser's address and e-mails it, while the account is active
 * and its address not yet confirmed; otherwise nothing. Each call replaces the earlier link.
 */
async function mailEmailVerificationLink(
  identity: IdentityService,
  mail: RegistrationMail,
  { tenantId, adminUserId, origin, clientId }: EmailVerificationRequest,
): Promise<void> {
  const adviser = await findAdviser(identity.db, tenantId, { id: String(adminUserId) });
  if (!adviser || adviser.emailVerified) return;
  const token = await issueLinkToken(identity.db, emailVerificationLink, adviser.id);
  await mail.sendEmailVerification({
    tenantId,
    adminUserId: adviser.id,
    email: adviser.email,
    givenName: adviser.givenName,
    url: `${origin}${withClient(verifyEmailPath, clientId, { token })}`,
  });
}

/**
 * Writes a new reset link and e-mails it when the address is an active adviser's of the tenant;
 * otherwise nothing. Each call replaces the adviser's earlier link, so a retried send leaves only
 * the newest working.
 */
async function mailPasswordResetLink(
  identity: IdentityService,
  mail: RegistrationMail,
  { tenantId, email, origin, clientId }: PasswordResetRequest,
): Promise<void> {
  const adviser = await findAdviser(identity.db, tenantId, { email });
  if (!adviser) return;
  const token = await issueLinkToken(identity.db, passwordResetLink, adviser.id);
  await mail.sendPasswordReset({
    tenantId,
    adminUserId: adviser.id,
    email: adviser.email,
    givenName: adviser.givenName,
    url: `${origin}${withClient(resetPasswordPath, clientId, { token })}`,
  });
}

/** Tells the owner of a confirmed, active account that its address was registered again; otherwise nothing. */
async function mailAlreadyRegistered(
  identity: IdentityService,
  mail: RegistrationMail,
  { tenantId, adminUserId, origin, clientId, portalUrl }: AlreadyRegisteredRequest,
): Promise<void> {
  const adviser = await findAdviser(identity.db, tenantId, { id: String(adminUserId) });
  if (!adviser?.emailVerified) return;
  await mail.sendAlreadyRegistered({
    tenantId,
    adminUserId: adviser.id,
    email: adviser.email,
    givenName: adviser.givenName,
    signInUrl: portalUrl,
    resetUrl: `${origin}${withClient(forgotPasswordPath, clientId)}`,
  });
}

/**
 * Sends an invitation nobody accepted yet (active, unconfirmed, no password) a new reset link,
 * which sets its first password and confirms the address, so accepting it: no more than the
 * forgotten-password page sends the same address. Anything else (accepted meanwhile, suspended)
 * is sent nothing.
 */
async function mailInvitationWaiting(
  identity: IdentityService,
  mail: RegistrationMail,
  { tenantId, adminUserId, origin, clientId }: InvitationWaitingRequest,
): Promise<void> {
  const invitee = await findAdviser(identity.db, tenantId, { id: String(adminUserId) });
  if (!invitee || invitee.emailVerified || invitee.passwordHash !== null) return;
  const token = await issueLinkToken(identity.db, passwordResetLink, invitee.id);
  await mail.sendInvitationWaiting({
    tenantId,
    adminUserId: invitee.id,
    email: invitee.email,
    givenName: invitee.givenName,
    url: `${origin}${withClient(resetPasswordPath, clientId, { token })}`,
  });
}
