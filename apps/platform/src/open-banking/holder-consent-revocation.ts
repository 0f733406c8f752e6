import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueJob } from '../jobs/table-job-queue.ts';
import { revokeAtSimulatedHolder } from './simulated-holder.ts';

/** Ends one holder consent whose connection the platform has deleted. */
export const revokeHolderConsentJob = 'open-banking.revoke-holder-consent';

/**
 * Attempts after the first: 2, 4, 8 … 4,096 s apart, about 2 h 16 min in all, so a holder down for
 * an afternoon still hears of the withdrawal. Past them the job fails with the holder's last answer
 * (docs/open-banking.md); the holder's token then lapses at its own expiry, and the platform,
 * which deleted it with the connection, can no longer use it.
 */
export const revocationRetries = 12;

/** A holder consent to end: the CDS base of its holder and the holder's consent id (not the token). */
export interface HolderConsentToRevoke {
  baseUrl: string;
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
      singletonKey: `holder-consent-${consent.consentId}`,
    });
  }
}

/**
 * Ends a holder consent the platform never recorded (a connection whose write failed after the
 * holder granted it): at once, and through the queue if the holder does not answer. If the
 * database is what failed, the queue may be out of reach too; the call is then all there is.
 */
export async function revokeUnrecordedHolderConsent(
  db: Kysely<Database>,
  consent: HolderConsentToRevoke,
  send: typeof fetch = fetch,
): Promise<void> {
  try {
    await revokeAtSimulatedHolder(consent.baseUrl, consent.consentId, send);
  } catch {
    await queueHolderConsentRevocations(db, [consent]).catch(() => undefined);
  }
}

/** The worker: one holder call per attempt; a failure is thrown, so the queue retries with back-off. */
export async function registerHolderRevocationWorker(
  queue: Pick<JobQueue, 'work'>,
  options: { fetch?: typeof fetch } = {},
): Promise<void> {
  await queue.work<HolderConsentToRevoke>(revokeHolderConsentJob, ({ baseUrl, consentId }) =>
    revokeAtSimulatedHolder(baseUrl, consentId, options.fetch),
  );
}
