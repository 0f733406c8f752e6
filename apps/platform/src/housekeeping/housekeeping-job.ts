import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { configuredDocumentStore } from '../documents/document-store.ts';
import { abandonOrphanedExports } from '../documents/documents-service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueForNextSlot, type PeriodicJob, registerPeriodicJob } from '../jobs/periodic-job.ts';
import { unclaimedJobs } from '../jobs/unclaimed-jobs.ts';

export const housekeepingJob = 'housekeeping.sweep';
/** How often the sweep runs. */
export const housekeepingMinutes = 60;

/**
 * How long a record is kept once it can no longer be used. Each is past what any reader needs:
 * - a job that ended (completed, or failed with no attempts left): 7 days, for an operator to look
 *   into a failure (a document export keeps its own status and reason);
 * - a one-time link or code (an invitation, a password reset, an e-mail check) past its expiry:
 *   30 days, for support to see which were sent and used (an expired one is refused as an unknown
 *   one is);
 * - a token past its expiry: 1 day (what a new sign-in already drops of its subject's);
 * - a rate-limit counter: 1 day after its window opened, when the longest window (a day: wrong
 *   codes per address, `wrongCodesPerAddressPerDay`) has ended; shorter would drop live counts;
 * - a browser known to an account (its sign-in device cookie) past its expiry: at once, as nothing
 *   reads it then;
 * - a message of the development mailbox (kept when SMTP_URL is unset): 30 days, as the links it
 *   carries (every one expired long before); its text would otherwise pile up without end.
 */
export const retention = {
  endedJobsMs: 7 * 24 * 3600 * 1000,
  oneTimeTokensMs: 30 * 24 * 3600 * 1000,
  tokensMs: 24 * 3600 * 1000,
  rateLimitBucketsMs: 24 * 3600 * 1000,
  mailMessagesMs: 30 * 24 * 3600 * 1000,
};

/** Rows deleted by one statement at most, so that a backlog never holds its locks for long. */
const sweepBatch = 5_000;

export interface SweepResult {
  jobs: number;
  one_time_tokens: number;
  oauth_tokens: number;
  rate_limit_buckets: number;
  sign_in_devices: number;
  mail_messages: number;
}

/**
 * Deletes the records that have outlived their use (`retention`), each table a batch at a time.
 * Nothing a caller can still use is touched: every row deleted is past what its readers accept.
 * The audit log, clients' data and document exports are kept; they have their own lifecycles.
 */
export async function sweepExpiredRecords(
  db: Kysely<Database>,
  now: Date = new Date(),
  batch: number = sweepBatch,
): Promise<SweepResult> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const inBatches = async (statement: (limit: number) => ReturnType<typeof sql>) => {
    let deleted = 0;
    for (;;) {
      const count = Number((await statement(batch).execute(db)).numAffectedRows ?? 0n);
      deleted += count;
      if (count < batch) return deleted;
    }
  };
  return {
    jobs: await inBatches(
      (limit) => sql`delete from jobs where id in (select id from jobs
        where state in ('completed', 'failed') and completed_at < ${before(retention.endedJobsMs)} limit ${limit})`,
    ),
    one_time_tokens: await inBatches(
      // Skipping the rows another transaction holds, as below: a new password spends a user's
      // unused links (expired ones among them) in its own order.
      (limit) => sql`delete from one_time_tokens where id in (select id from one_time_tokens
        where expires_at < ${before(retention.oneTimeTokensMs)} order by id limit ${limit} for update skip locked)`,
    ),
    // Rows another transaction holds (a sign-in's clean-up deleting the same dead tokens, a
    // revocation) are skipped, left to the next sweep: the sweep never waits for a row lock, so it
    // cannot wait in a cycle with them (a deadlock on PostgreSQL). In id order, as every writer of
    // several tokens takes them. Before 2026-12-02 it deleted in no set order and waited, and the
    // `rotated_from` foreign key (dropped by migration 0031) made it update live successors too.
    oauth_tokens: await inBatches(
      (limit) => sql`delete from oauth_tokens where id in (select id from oauth_tokens
        where expires_at < ${before(retention.tokensMs)} order by id limit ${limit} for update skip locked)`,
    ),
    rate_limit_buckets: await inBatches(
      (limit) => sql`delete from rate_limit_buckets where (key, window_start) in (
        select key, window_start from rate_limit_buckets
        where window_start < ${before(retention.rateLimitBucketsMs)} limit ${limit})`,
    ),
    sign_in_devices: await inBatches(
      (limit) => sql`delete from sign_in_devices where token_hash in (select token_hash from sign_in_devices
        where expires_at < ${now} limit ${limit})`,
    ),
    // A scan of the mailbox's dates, hourly: it holds only what was sent without SMTP.
    mail_messages: await inBatches(
      (limit) => sql`delete from mail_messages where id in (select id from mail_messages
        where created_at < ${before(retention.mailMessagesMs)} limit ${limit})`,
    ),
  };
}

const housekeeping: PeriodicJob = {
  name: housekeepingJob,
  minutes: housekeepingMinutes,
  retry: { retryLimit: 2, retryBackoff: true },
};

/**
 * Logs the jobs no worker took within an hour of their start (`unclaimedJobs`): a backlog, or a name
 * no running instance handles. A failure to look is logged too; the sweep has done its work.
 */
export async function reportUnclaimedJobs(
  app: Pick<FastifyInstance, 'database' | 'log'>,
  now: Date = new Date(),
): Promise<void> {
  try {
    const unclaimed = await unclaimedJobs(app.database.db, now);
    if (unclaimed.length > 0)
      app.log.warn(
        { unclaimed },
        'housekeeping: jobs no worker took within an hour of their start (a backlog when a job of the name started lately, else a name no running instance handles)',
      );
  } catch (error) {
    app.log.error({ err: error }, 'housekeeping: could not look for jobs no worker took');
  }
}

/** Queues the sweep for its next slot; every instance asking for the same slot gets one job. */
export function enqueueHousekeeping(queue: Pick<JobQueue, 'enqueue'>, now: Date): Promise<string> {
  return enqueueForNextSlot(queue, housekeeping, now);
}

/**
 * The housekeeping sweep on the job queue, hourly: one instance runs each slot's sweep
 * (`sweepExpiredRecords`, then `abandonOrphanedExports`: exports no job will finish; then it logs
 * the `unclaimedJobs`), then queues the next.
 */
export function registerHousekeeping(
  app: Pick<FastifyInstance, 'database' | 'jobQueue' | 'addHook' | 'log' | 'readiness' | 'config'>,
): Promise<void> {
  return registerPeriodicJob(app, housekeeping, 'housekeeping: scheduling the sweep', async () => {
    const deleted = await sweepExpiredRecords(app.database.db);
    if (Object.values(deleted).some((count) => count > 0))
      app.log.info({ deleted }, 'housekeeping: expired records swept');
    const store = configuredDocumentStore(app.config.documentStorage);
    const abandoned = await abandonOrphanedExports({ db: app.database.db, store, log: app.log });
    if (abandoned > 0) app.log.warn({ abandoned }, 'housekeeping: exports no job will finish given up');
    await reportUnclaimedJobs(app);
  });
}
