import type { FastifyInstance } from 'fastify';
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
  return queue.enqueue(
    job.name,
    {},
    { singletonKey: `slot-${startAfter.toISOString()}`, startAfter, ...job.retry },
  );
}

/**
 * Runs `run` once per slot of the job's period: its worker queues the next slot's job once `run`
 * has finished, and each instance queues one when its database is ready (`what` names that step
 * in the log if it fails).
 */
export async function registerPeriodicJob(
  app: Pick<FastifyInstance, 'jobQueue' | 'addHook' | 'log' | 'readiness'>,
  job: PeriodicJob,
  what: string,
  run: () => Promise<void>,
): Promise<void> {
  await app.jobQueue.work(job.name, async () => {
    await run();
    await enqueueForNextSlot(app.jobQueue, job, new Date());
  });
  app.addHook('onReady', async () => {
    await whenDatabaseReady(app, what, () => enqueueForNextSlot(app.jobQueue, job, new Date()));
  });
}
