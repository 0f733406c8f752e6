import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { whenDatabaseReady } from '../plugins/when-database-ready.ts';
import type { EnqueueOptions, JobQueue } from './job-queue.ts';

/** A job run once in each slot of its period, on whichever instance claims it. */
export interface PeriodicJob {
  name: string;
  minutes: number;
  retry: Pick<EnqueueOptions, 'retryLimit' | 'retryBackoff'>;
}

/** The start of the first slot of `minutes` after `now`; slots count from the epoch, so every instance agrees. */
export function nextSlot(now: Date, minutes: number): Date {
  const slot = minutes * 60 * 1000;
  return new Date((Math.floor(now.getTime() / slot) + 1) * slot);
}

/** A periodic job's payload: the start of the slot it was queued for (absent in jobs queued before 2026-11-30). */
export interface SlotPayload {
  slot?: string;
}

/**
 * Queues a periodic job for the next slot of its period: every instance asking for the same slot
 * gets the same one job (its singleton key names the slot).
 */
export function enqueueForNextSlot(
  queue: Pick<JobQueue, 'enqueue'>,
  job: PeriodicJob,
  now: Date,
): Promise<string> {
  const startAfter = nextSlot(now, job.minutes);
  const slot = startAfter.toISOString();
  return queue.enqueue<SlotPayload>(
    job.name,
    { slot },
    { singletonKey: `slot-${slot}`, startAfter, ...job.retry },
  );
}

/**
 * One slot's run: `run`, and then, whether it succeeded or not, the next slot's job. The next slot
 * counts from this job's own slot when this process's clock is behind it (the job fell due by the
 * database's clock): counted from a clock behind, the "next" slot was this one, whose key the
 * running job still holds, and the chain ended. Before 2026-11-30 the next slot was queued only
 * after a success, so one sweep that failed its last attempt (a database blip) ended the chain
 * until a restart. A failure to queue is logged, not thrown (the run is not repeated for it): every
 * instance queues the next slot once a period anyway (`registerPeriodicJob`).
 */
export async function runSlot(
  queue: Pick<JobQueue, 'enqueue'>,
  job: PeriodicJob,
  payload: SlotPayload,
  run: () => Promise<void>,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  try {
    await run();
  } finally {
    const slot = payload.slot === undefined ? Number.NaN : Date.parse(payload.slot);
    const now = new Date(Number.isNaN(slot) ? Date.now() : Math.max(Date.now(), slot));
    await enqueueForNextSlot(queue, job, now).catch((error: unknown) =>
      log.error({ err: error, job: job.name }, 'periodic job: could not queue the next slot'),
    );
  }
}

/**
 * Runs `run` once per slot of the job's period (`runSlot`). Each instance also queues the next
 * slot when its database is ready and then once a period (`what` names that step in the log if
 * it fails): the same one job per slot however many ask, and the chain goes on even if a run
 * could not queue its successor.
 */
export async function registerPeriodicJob(
  app: Pick<FastifyInstance, 'jobQueue' | 'addHook' | 'log' | 'readiness' | 'config'>,
  job: PeriodicJob,
  what: string,
  run: () => Promise<void>,
): Promise<void> {
  await app.jobQueue.work<SlotPayload>(job.name, (payload) =>
    runSlot(app.jobQueue, job, payload, run, app.log),
  );
  keepNextSlotQueued(app, job, what);
}

/**
 * How far ahead an instance looks for "the next slot" on its own timers: a slot about to start by
 * this clock may have started, run and ended by the database's, when this clock is behind; queued
 * again (its singleton key is free once the job has ended), it ran twice.
 */
export const slotMarginMs = 60_000;

/**
 * Queues the job's next slot when the database is ready, and again once a period while the app
 * runs; nothing with SCHEDULED_JOBS=off (`config.scheduledJobs`).
 */
export function keepNextSlotQueued(
  app: Pick<FastifyInstance, 'jobQueue' | 'addHook' | 'log' | 'readiness' | 'config'>,
  job: PeriodicJob,
  what: string,
): void {
  if (!app.config.scheduledJobs) return;
  const queueNext = () =>
    whenDatabaseReady(app, what, () =>
      enqueueForNextSlot(app.jobQueue, job, new Date(Date.now() + slotMarginMs)),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await queueNext();
    timer = setInterval(() => void queueNext(), job.minutes * 60_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
