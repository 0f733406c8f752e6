import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { EnqueueOptions, JobQueue } from '../jobs/job-queue.ts';
import { type PeriodicJob, registerPeriodicJob } from '../jobs/periodic-job.ts';
import { enqueueJob } from '../jobs/table-job-queue.ts';
import { whenDatabaseReady } from '../plugins/when-database-ready.ts';
import type { RefreshOutcome } from './data-source.ts';
import { holderTokenCipher, sealPlaintextHolderTokens } from './holder-token-cipher.ts';
import {
  type OpenBankingOptions,
  recordAbandonedRefresh,
  refreshProviderAccount,
} from './refresh-provider-account.ts';

/** One provider account's refresh. */
export const refreshJob = 'open-banking.refresh';
/** Finds the provider accounts whose scheduled refresh is due and enqueues them; then re-enqueues itself. */
export const refreshDueJob = 'open-banking.refresh-due';
/** How often the due sweep runs. */
export const refreshSweepMinutes = 15;

/** Retries of a temporary failure (outage, timeout) inside one job: 2, 4, 8 and 16 s apart. */
const temporaryRetries = 4;
/** How long those retries take: a holder's wait longer than this is left to `next_refresh`. */
const queueRetriesMs = 30_000;

export interface RefreshJobPayload {
  providerAccountId: number;
}

/**
 * A temporary failure is thrown for the queue to retry, unless the holder asked for a wait longer
 * than the queue's retries take (`Retry-After` of a 429 or 503): the recorded `next_refresh` keeps
 * it, where those retries, seconds apart, would not. A shorter one is retried as any.
 */
function thrownForTheQueue(outcome: RefreshOutcome): boolean {
  return outcome.temporary && (outcome.retryAfterMs ?? 0) <= queueRetriesMs;
}

/** A refresh failure time may fix: thrown so the queue retries with back-off. */
export class TemporaryRefreshFailure extends Error {
  override name = 'TemporaryRefreshFailure';
}

/** A refresh job's options: one per provider account waits or runs at a time (the singleton key). */
function refreshOptions(providerAccountId: number, startAfter?: Date): EnqueueOptions {
  return {
    retryLimit: temporaryRetries,
    retryBackoff: true,
    singletonKey: `provider-account-${providerAccountId}`,
    ...(startAfter ? { startAfter } : {}),
  };
}

/** Enqueues a refresh; one per provider account waits or runs at a time (the singleton key). */
export function enqueueRefresh(
  queue: Pick<JobQueue, 'enqueue'>,
  providerAccountId: number,
  startAfter?: Date,
): Promise<string> {
  const payload: RefreshJobPayload = { providerAccountId };
  return queue.enqueue(refreshJob, payload, refreshOptions(providerAccountId, startAfter));
}

/**
 * Enqueues a refresh in the caller's transaction, with what it records of it (a connection marked
 * `updating`): both are kept, or neither.
 */
export async function enqueueRefreshIn(trx: Kysely<Database>, providerAccountId: number): Promise<void> {
  const payload: RefreshJobPayload = { providerAccountId };
  await enqueueJob(trx, refreshJob, payload, refreshOptions(providerAccountId));
}

/** The open-banking provider accounts whose next refresh is due (none that wait for the client). */
export async function dueProviderAccountIds(db: Kysely<Database>, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('provider_accounts as pa')
    .innerJoin('providers as p', 'p.id', 'pa.provider_id')
    .select('pa.id')
    .where('p.aggregator_type', '=', 'cdr')
    .where('pa.status', '!=', 'needs_action')
    .where('pa.next_refresh', '<=', now)
    .orderBy('pa.next_refresh')
    .limit(500)
    .execute();
  return rows.map((row) => row.id);
}

const refreshSweep: PeriodicJob = {
  name: refreshDueJob,
  minutes: refreshSweepMinutes,
  retry: { retryLimit: 1 },
};

/**
 * The refresh workers: on-demand refreshes (PUT provideraccounts) and the scheduled ones the due
 * sweep finds (`next_refresh`, a day after a success, sooner after a temporary failure). A
 * temporary failure is thrown so the queue retries it with back-off; past those retries the
 * recorded `next_refresh` (5 minutes doubling to 6 hours) brings it back through the sweep. One
 * the holder said how long to wait after (`Retry-After`) is left to that `next_refresh` at once.
 */
export async function registerRefreshWorkers(
  app: Pick<FastifyInstance, 'database' | 'jobQueue' | 'addHook' | 'log' | 'readiness' | 'config'>,
  options: OpenBankingOptions = {},
): Promise<void> {
  const db = app.database.db;
  const queue = app.jobQueue;
  await queue.work<RefreshJobPayload>(
    refreshJob,
    async ({ providerAccountId }, job) => {
      const tokens = options.tokens ?? (await holderTokenCipher(app.config));
      // A temporary failure this attempt throws and the queue tries again is not one in a row: the
      // job's last attempt, or an answer it does not throw (a long `Retry-After`), counts it.
      const attemptsLeft = job.attempt <= temporaryRetries;
      const retried = (outcome: RefreshOutcome) => attemptsLeft && thrownForTheQueue(outcome);
      const result = await refreshProviderAccount(db, providerAccountId, {
        ...options,
        tokens,
        retried,
      }).catch((error: unknown) => {
        // Deleted while its refresh waited, or not an open-banking connection: nothing to retry.
        if (error instanceof AppError && (error.type === 'not_found' || error.type === 'validation_failed')) {
          return undefined;
        }
        throw error;
      });
      // Reconnected while it ran: its outcome, for the old consent, was not recorded, and the
      // reconnect's own refresh found this job running (one per connection), so it is this job's
      // to run again, with the new consent.
      if (result?.superseded) {
        throw new TemporaryRefreshFailure(
          `provider account ${providerAccountId}: reconnected during the refresh`,
        );
      }
      // Recorded as a failure that backs off (not retried here: the key is the operator's to fix,
      // and a wrong HOLDER_TOKEN_KEY does this to every connection); the operator hears of it.
      if (result?.tokenUnreadable) {
        app.log.error(
          { err: result.tokenUnreadable, providerAccountId },
          'open banking: a stored bank token cannot be decrypted with HOLDER_TOKEN_KEY; the connection is refreshed again as it backs off',
        );
        return;
      }
      if (result && thrownForTheQueue(result.outcome)) {
        throw new TemporaryRefreshFailure(
          `provider account ${providerAccountId}: ${result.outcome.refreshStatus}/${result.outcome.refreshSubStatus}`,
        );
      }
    },
    {
      // Its process ended during the last attempt: a failure in a row, so it backs off.
      abandoned: ({ providerAccountId }) => recordAbandonedRefresh(db, providerAccountId),
      // A holder may take 30 s a call: two at once, and never the slot kept for quick jobs (an
      // e-mail), nor the one a document then still finds (docs/jobs.md).
      concurrency: 2,
      slow: true,
    },
  );
  await registerPeriodicJob(app, refreshSweep, 'open banking: scheduling the refresh sweep', async () => {
    for (const id of await dueProviderAccountIds(db, new Date())) await enqueueRefresh(queue, id);
  });
  app.addHook('onReady', async () => {
    // Bank tokens stored before they were encrypted are sealed once the database is ready.
    await whenDatabaseReady(app, 'open banking: encrypting stored bank tokens', async () => {
      const tokens = options.tokens ?? (await holderTokenCipher(app.config));
      await sealPlaintextHolderTokens(db, tokens);
    });
  });
}
