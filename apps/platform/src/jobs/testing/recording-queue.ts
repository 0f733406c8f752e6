import type { JobQueue } from '../job-queue.ts';

/**
 * Tests only: a queue that takes every job and runs none (each gets the id `job-waiting`), so what
 * was queued stays queued until the test runs its handler itself.
 */
export const recordingQueue = {
  enqueue: async () => 'job-waiting',
  work: async () => {},
  stop: async () => {},
} as unknown as JobQueue;
