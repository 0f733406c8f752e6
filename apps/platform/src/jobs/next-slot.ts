import type { EnqueueOptions, JobQueue } from './job-queue.ts';

/** The start of the first slot of `minutes` after `now`; slots count from the epoch, so every instance agrees. */
export function nextSlot(now: Date, minutes: number): Date {
  const slot = minutes * 60 * 1000;
  return new Date((Math.floor(now.getTime() / slot) + 1) * slot);
}

/**
 * Queues a periodic job for the next slot of its period: every instance asking for the same slot
 * gets the same one job (its singleton key names the slot). Its worker queues the next one when
 * it has run, and each instance queues one when it starts.
 */
export function enqueueForNextSlot(
  queue: Pick<JobQueue, 'enqueue'>,
  name: string,
  minutes: number,
  now: Date,
  options: Pick<EnqueueOptions, 'retryLimit' | 'retryBackoff'>,
): Promise<string> {
  const startAfter = nextSlot(now, minutes);
  return queue.enqueue(
    name,
    {},
    { singletonKey: `slot-${startAfter.toISOString()}`, startAfter, ...options },
  );
}
