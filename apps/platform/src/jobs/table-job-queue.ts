import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import type { EnqueueOptions, JobHandler, JobQueue, JobRecord, JobState, WorkOptions } from './job-queue.ts';
import { type JobsDatabase, withJobs } from './jobs-schema.ts';

export interface TableJobQueueOptions {
  /** How often an idle worker looks for due jobs (default 1 s); an enqueue in this process wakes it at once. */
  pollIntervalMs?: number;
  /**
   * Jobs this process runs at the same time (default 4); slow ones (`WorkOptions.slow`) together
   * one fewer, so a quick job always finds a slot.
   */
  concurrency?: number;
  /**
   * The lease of a running job (default 60 s): its worker renews it every third of that while the
   * handler runs, so a job whose process died (`kill -9`, a crash, a lost machine) is taken up
   * again within one lease, however long a live handler takes.
   */
  leaseSeconds?: number;
  /**
   * How long `stop()` waits for running handlers (default 20 s; the database's close that follows
   * still waits for a running statement, up to the statement timeout). A handler still running then is left to its lease: the process ends, the lease
   * lapses and another worker (or the restart) takes the job up again, as after a crash. Before
   * 2026-11-30 `stop()` waited without end, and a stuck handler held the shutdown until killed.
   */
  stopTimeoutMs?: number;
  log?: { error(object: unknown, message: string): void; warn?(object: unknown, message: string): void };
}

export interface TableJobQueue extends JobQueue {
  /** Begins claiming jobs for the registered names; `work` before or after both work. */
  start(): void;
  /** One job as recorded, or undefined. */
  read(id: string): Promise<JobRecord | undefined>;
  /**
   * Drops one key of a job's payload, for what must not outlive its use (a password's hash): the
   * row itself is kept 7 days after the job ends (docs/jobs.md). A retry sees the payload without it.
   */
  forgetPayloadKey(id: string, key: string): Promise<void>;
  /**
   * Sets one key of a job's payload to true, through `executor` (the handler's own transaction, so
   * the mark commits with what it marks): a retry sees it, and knows that work is done.
   */
  markPayloadKey(id: string, key: string, executor: Kysely<Database>): Promise<void>;
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempt: number;
  retry_limit: number;
  retry_backoff: boolean;
}

const maxErrorLength = 2_000;
/** The longest an idle worker waits between polls of a database that does not answer. */
export const maxPollBackoffMs = 10_000;

/**
 * When an idle worker looks for jobs next: at once when it may have left some, after the interval
 * when it found none, and after failures less and less often (a database that does not answer, or
 * lacks the table), up to `maxPollBackoffMs`: the cost of one failed poll every 10 s is nothing,
 * and it is also how long another instance's jobs wait after the database is back (before
 * 2026-11-29 a minute).
 */
export function nextPollDelayMs(state: {
  failedPolls: number;
  pollIntervalMs: number;
  pollAgain: boolean;
}): number {
  const { failedPolls, pollIntervalMs } = state;
  if (failedPolls > 0) {
    const doubled = pollIntervalMs * 2 ** Math.min(failedPolls, 16);
    return Math.max(pollIntervalMs, Math.min(maxPollBackoffMs, doubled));
  }
  return state.pollAgain ? 0 : pollIntervalMs;
}

export const defaultLeaseSeconds = 60;
/** The longest wait before a retry with back-off: 2^attempt seconds grow to an hour and stay there. */
export const maxRetryDelaySeconds = 3_600;

/** Seconds before a failed attempt's retry: none without back-off, else 2^attempt up to an hour. */
export function retryDelaySeconds(attempt: number, backoff: boolean): number {
  return backoff ? Math.min(2 ** Math.min(attempt, 30), maxRetryDelaySeconds) : 0;
}

/**
 * Enqueues a job through `executor`: the queue's `enqueue` with the database, or a caller's
 * transaction, so that the job exists exactly when what it finishes has committed (ending a holder
 * consent after the connection's delete, docs/jobs.md). A worker of any instance claims it on its
 * next poll (within a second; after failed polls, within 10 s). Answers the job's id, or the waiting singleton's.
 */
export async function enqueueJob(
  executor: Kysely<Database>,
  name: string,
  payload: object,
  options: EnqueueOptions = {},
): Promise<string> {
  const db = withJobs(executor);
  // A waiting singleton that ends between the insert and the read leaves no job to answer with:
  // the insert is tried again, and then finds no conflict (at most three times; before 2026-11-29
  // once, and the caller's transaction, a consent's withdrawal, failed).
  for (let tries = 0; tries < 3; tries += 1) {
    const id = await insertOrFindJob(db, name, payload, options);
    if (id) return id;
  }
  throw new Error(`Could not enqueue ${name}: its singleton job kept ending meanwhile; try again`);
}

async function insertOrFindJob(
  db: Kysely<JobsDatabase>,
  name: string,
  payload: object,
  options: EnqueueOptions,
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      id: randomUUID(),
      name,
      payload: JSON.stringify(payload),
      retry_limit: options.retryLimit ?? 2,
      retry_backoff: options.retryBackoff ?? false,
      singleton_key: options.singletonKey ?? null,
      ...(options.startAfter ? { start_after: options.startAfter } : {}),
    })
    // The predicate names the partial unique index `jobs_singleton`. Bound values would not
    // prove it in a prepared statement's generic plan, so such upserts are never prepared
    // (`mayPrepare`, db/statement-cache.ts); the test enqueues more singletons than the five
    // runs after which PostgreSQL may switch to a generic plan.
    .onConflict((conflict) =>
      conflict
        .columns(['name', 'singleton_key'])
        .where('state', 'in', ['created', 'active'])
        .where('singleton_key', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('name', '=', name)
    .where('singleton_key', '=', options.singletonKey ?? '')
    .where('state', 'in', ['created', 'active'])
    .executeTakeFirst();
  return existing?.id;
}

/**
 * A durable queue in the platform database's `jobs` table (docs/jobs.md): a worker claims the
 * oldest due job with `FOR UPDATE SKIP LOCKED`, so several PostgreSQL-backed instances share the
 * work without taking a job twice, and the same SQL runs on PGlite through the serialised driver.
 */
export function createTableJobQueue(
  database: Kysely<Database>,
  {
    pollIntervalMs = 1_000,
    concurrency = 4,
    leaseSeconds = defaultLeaseSeconds,
    stopTimeoutMs = 20_000,
    log,
  }: TableJobQueueOptions = {},
): TableJobQueue {
  const db: Kysely<JobsDatabase> = withJobs(database);
  const handlers = new Map<string, JobHandler<object>>();
  const workOptions = new Map<string, WorkOptions<object>>();
  const running = new Set<Promise<void>>();
  /** Ids of the jobs this process runs: never claimed again here, even if a renewal was late. */
  const runningIds = new Set<string>();
  /** How many jobs of each name this process runs. */
  const runningByName = new Map<string, number>();
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let failedPolls = 0;

  function schedule(delay: number): void {
    if (!started || stopped || handlers.size === 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void poll();
    }, delay);
    timer.unref();
  }

  async function poll(): Promise<void> {
    if (polling) {
      pollAgain = true;
      return;
    }
    pollAgain = false;
    polling = (async () => {
      try {
        while (!stopped && running.size < concurrency) {
          const job = await claim();
          failedPolls = 0;
          if (!job) break;
          // Stopped while it was claimed: handed back untouched, for another worker or the restart.
          if (stopped) {
            await handBack(job);
            break;
          }
          run(job);
        }
      } catch (error) {
        failedPolls += 1;
        log?.error({ err: error }, 'job queue: could not claim a job');
      }
    })();
    await polling;
    polling = undefined;
    schedule(nextPollDelayMs({ failedPolls, pollIntervalMs, pollAgain }));
  }

  async function claim(): Promise<ClaimedJob | undefined> {
    const names = [...handlers.keys()];
    // On PGlite a renewal waits behind a long transaction, so a lease can lapse under a live handler.
    const notMine = runningIds.size > 0 ? sql`and id not in (${sql.join([...runningIds])})` : sql``;
    // A job whose lease lapsed lost its worker; with no attempt left it fails, with the reason.
    const { rows: abandoned } = await sql<{ id: string; name: string; payload: unknown; last_error: string }>`
      update jobs
      set state = 'failed', locked_until = null, completed_at = now(),
        last_error = 'Attempt ' || attempt || ' stopped with its worker (the process ended before it finished); no attempts left'
      where name in (${sql.join(names)})
        and state = 'active' and locked_until < now() and attempt > retry_limit ${notMine}
      returning id, name, payload, last_error`.execute(db);
    for (const job of abandoned) {
      await workOptions
        .get(job.name)
        ?.abandoned?.(job.payload as object, job.last_error)
        .catch((error: unknown) =>
          log?.error({ err: error, jobId: job.id }, 'job queue: abandoned-job hook failed'),
        );
    }
    // Names at their own limit (`WorkOptions.concurrency`) wait for one of theirs to finish; slow
    // names wait while their jobs together leave only the last slot.
    const slowRunning = names
      .filter((name) => workOptions.get(name)?.slow)
      .reduce((sum, name) => sum + (runningByName.get(name) ?? 0), 0);
    const slowMayStart = slowRunning < Math.max(1, concurrency - 1);
    const claimable = names.filter(
      (name) =>
        (runningByName.get(name) ?? 0) < (workOptions.get(name)?.concurrency ?? concurrency) &&
        (slowMayStart || !workOptions.get(name)?.slow),
    );
    if (claimable.length === 0) return undefined;
    const { rows } = await sql<ClaimedJob>`
      update jobs
      set state = 'active', attempt = attempt + 1, started_at = now(),
        locked_until = now() + make_interval(secs => ${leaseSeconds}::int),
        last_error = case when state = 'active'
          then 'Attempt ' || attempt || ' stopped with its worker (the process ended before it finished)'
          else last_error end
      where id = (
        select id from jobs
        where name in (${sql.join(claimable)})
          and ((state = 'created' and start_after <= now())
            or (state = 'active' and locked_until < now() and attempt <= retry_limit ${notMine}))
        order by start_after, created_at
        limit 1
        for update skip locked
      )
      returning id, name, payload, attempt, retry_limit, retry_backoff`.execute(db);
    return rows[0];
  }

  /** Renews the lease of a running job while its handler works; stops with it. */
  function keepLeased(job: ClaimedJob): () => void {
    const renew = setInterval(
      () => {
        db.updateTable('jobs')
          .set({ locked_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds}::int)` })
          .where('id', '=', job.id)
          .where('state', '=', 'active')
          .where('attempt', '=', job.attempt)
          .execute()
          .catch((error: unknown) =>
            log?.error({ err: error, jobId: job.id }, 'job queue: could not renew a lease'),
          );
      },
      Math.max(100, (leaseSeconds * 1_000) / 3),
    );
    renew.unref();
    return () => clearInterval(renew);
  }

  function run(job: ClaimedJob): void {
    const handler = handlers.get(job.name);
    const release = keepLeased(job);
    runningIds.add(job.id);
    runningByName.set(job.name, (runningByName.get(job.name) ?? 0) + 1);
    const task = (async () => {
      try {
        if (!handler) throw new Error(`No worker for jobs named ${job.name}`);
        await handler(job.payload as object, { id: job.id, attempt: job.attempt });
      } catch (error) {
        await recordFailure(job, error).catch((failure: unknown) =>
          log?.error({ err: failure, jobId: job.id }, 'job queue: could not record a failure'),
        );
        return;
      }
      // The work is done: a completion that cannot be recorded is tried again, never counted as
      // the work's failure. Before 2026-11-30 a completion whose answer was lost (applied, then the
      // connection dropped) was recorded as a failure over it, and the job ran again.
      await recordCompletion(job);
    })().finally(() => {
      release();
      runningIds.delete(job.id);
      runningByName.set(job.name, (runningByName.get(job.name) ?? 1) - 1);
      running.delete(task);
      schedule(0);
    });
    running.add(task);
  }

  /**
   * Records the attempt completed, while it is still this attempt's and active: not once the lease
   * lapsed and another worker took it up, nor once it was given up meanwhile (its owner was told it
   * failed; before 2026-11-30 the late worker turned it `completed` all the same). Tried three times.
   */
  async function recordCompletion(job: ClaimedJob): Promise<void> {
    for (let tries = 1; ; tries += 1) {
      try {
        await db
          .updateTable('jobs')
          .set({ state: 'completed', completed_at: new Date(), locked_until: null })
          .where('id', '=', job.id)
          .where('state', '=', 'active')
          .where('attempt', '=', job.attempt)
          .execute();
        return;
      } catch (error) {
        if (tries >= 3) {
          // Its lease lapses and the job runs again: at least once, as docs/jobs.md says.
          log?.error({ err: error, jobId: job.id }, 'job queue: could not record a completion');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * tries));
      }
    }
  }

  /** Gives a job claimed while stopping back as it was before the claim. */
  async function handBack(job: ClaimedJob): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ state: 'created', attempt: job.attempt - 1, locked_until: null })
      .where('id', '=', job.id)
      .where('state', '=', 'active')
      .where('attempt', '=', job.attempt)
      .execute()
      .catch((error: unknown) =>
        log?.error(
          { err: error, jobId: job.id },
          'job queue: could not hand a job back; its lease will lapse',
        ),
      );
  }

  async function recordFailure(job: ClaimedJob, error: unknown): Promise<void> {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, maxErrorLength);
    const retry = job.attempt <= job.retry_limit;
    // A failure to be retried is a warning; the last one, the job given up, is an error.
    if (retry)
      log?.warn?.({ err: error, jobId: job.id, job: job.name, attempt: job.attempt }, 'job attempt failed');
    else log?.error({ err: error, jobId: job.id, job: job.name, attempt: job.attempt }, 'job failed');
    const delaySeconds = retry ? retryDelaySeconds(job.attempt, job.retry_backoff) : 0;
    await db
      .updateTable('jobs')
      .set({
        state: retry ? 'created' : 'failed',
        last_error: reason,
        locked_until: null,
        start_after: sql<Date>`now() + make_interval(secs => ${delaySeconds}::int)`,
        ...(retry ? {} : { completed_at: new Date() }),
      })
      .where('id', '=', job.id)
      .where('state', '=', 'active')
      .where('attempt', '=', job.attempt)
      .execute();
  }

  return {
    async enqueue(name, payload, options: EnqueueOptions = {}) {
      const id = await enqueueJob(database, name, payload, options);
      if (handlers.has(name)) schedule(0);
      return id;
    },

    async work(name, handler, options) {
      if (handlers.has(name)) throw new Error(`A worker for jobs named ${name} is already registered`);
      handlers.set(name, handler as JobHandler<object>);
      if (options) workOptions.set(name, options as WorkOptions<object>);
      schedule(0);
    },

    start() {
      if (started) return;
      started = true;
      schedule(0);
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await polling;
      let deadline: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        Promise.allSettled([...running]).then(() => 'finished' as const),
        new Promise<'timed out'>((resolve) => {
          deadline = setTimeout(() => resolve('timed out'), stopTimeoutMs);
        }),
      ]);
      clearTimeout(deadline);
      if (outcome === 'timed out')
        log?.error(
          { jobIds: [...runningIds], stopTimeoutMs },
          'job queue: stopped with jobs still running; their leases will lapse and they will run again',
        );
    },

    async forgetPayloadKey(id, key) {
      await db
        .updateTable('jobs')
        .set({ payload: sql<string>`payload - ${key}::text` })
        .where('id', '=', id)
        .execute();
    },

    async markPayloadKey(id, key, executor) {
      await withJobs(executor)
        .updateTable('jobs')
        .set({ payload: sql<string>`payload || jsonb_build_object(${key}::text, true)` })
        .where('id', '=', id)
        .execute();
    },

    async read(id) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        payload: row.payload,
        state: row.state as JobState,
        attempt: row.attempt,
        retryLimit: row.retry_limit,
        singletonKey: row.singleton_key,
        startAfter: row.start_after,
        lastError: row.last_error,
        createdAt: row.created_at,
        startedAt: row.started_at,
        completedAt: row.completed_at,
      };
    },
  };
}
