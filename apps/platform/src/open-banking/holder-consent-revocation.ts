import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueJob } from '../jobs/table-job-queue.ts';
import { revokeAtSimulatedHolder } from './simulated-holder.ts';

/** Ends one holder consent whose connection the platform has deleted. */
export const revokeHolderConsentJob = 'open-banking.revoke-holder-consent';

/**
 * Attempts after the first: 2, 4, 8 … s apart, then hourly (the queue's cap): about a week in
 * all, so a holder down for days still hears of the withdrawal. Past them the job is recorded
 * `failed` with the holder's last answer and logged (docs/open-banking.md); the token, deleted with
 * the connection, is of no use to anyone and lapses at its own expiry.
 */
export const revocationRetries = 180;

/**
 * A holder consent to end: the open-banking provider (its holder's CDS base is read when the job
 * runs, so a holder that moved since is still reached) and the holder's consent id (never the token).
 */
export interface HolderConsentToRevoke {
  providerId: number;
  consentId: string;
}

/**
 * Queues the end of each holder consent through `executor`, the transaction that deletes its
 * connection: the job exists exactly when the deletion has committed, and survives a restart, so a
 * holder that is down when the client withdraws still hears of it (before 2026-11-29 the platform
 * called the holder once after commit and ignored a failure). One job per consent at a time.
 */
export async function queueHolderConsentRevocations(
  executor: Kysely<Database>,
  consents: readonly HolderConsentToRevoke[],
): Promise<void> {
  for (const consent of consents) {
    await enqueueJob(executor, revokeHolderConsentJob, consent, {
      retryLimit: revocationRetries,
      retryBackoff: true,
      singletonKey: `holder-consent-${consent.providerId}-${consent.consentId}`,
    });
  }
}

/** Ends a holder consent at its provider's holder; nothing to do when the provider is gone or has no CDS base. */
async function revokeAtProvider(
  db: Kysely<Database>,
  { providerId, consentId }: HolderConsentToRevoke,
  send?: typeof fetch,
): Promise<void> {
  const provider = await db
    .selectFrom('providers')
    .select('base_url')
    .where('id', '=', providerId)
    .executeTakeFirst();
  if (!provider?.base_url) return;
  await revokeAtSimulatedHolder(provider.base_url, consentId, send);
}

/**
 * Ends a holder consent the platform never recorded (a connection whose write failed after the
 * holder granted it): at once, and through the queue if the holder does not answer. If the
 * database is what failed, the queue may be out of reach too; that is logged, with the consent.
 */
export async function revokeUnrecordedHolderConsent(
  db: Kysely<Database>,
  consent: HolderConsentToRevoke & { baseUrl: string },
  options: { fetch?: typeof fetch; log?: Pick<FastifyBaseLogger, 'error'> } = {},
): Promise<void> {
  try {
    // The holder's address as the connection just used it: no database read before the call.
    await revokeAtSimulatedHolder(consent.baseUrl, consent.consentId, options.fetch);
  } catch {
    const { providerId, consentId } = consent;
    await queueHolderConsentRevocations(db, [{ providerId, consentId }]).catch((error: unknown) =>
      options.log?.error(
        { err: error, providerId: consent.providerId, consentId: consent.consentId },
        'open banking: could neither end nor queue the end of a holder consent',
      ),
    );
  }
}

/**
 * The worker: one holder call per attempt; a failure is thrown, so the queue retries with back-off.
 * One revocation at a time per process: a holder that does not answer holds a worker for its 10 s
 * timeout, and an expiry sweep's many revocations must not hold up every other job meanwhile.
 */
export async function registerHolderRevocationWorker(
  queue: Pick<JobQueue, 'work'>,
  db: Kysely<Database>,
  options: { fetch?: typeof fetch } = {},
): Promise<void> {
  await queue.work<HolderConsentToRevoke>(
    revokeHolderConsentJob,
    (consent) => revokeAtProvider(db, consent, options.fetch),
    // A holder that does not answer holds it 10 s: one at once, and slow (docs/jobs.md).
    { concurrency: 1, slow: true },
  );
}
