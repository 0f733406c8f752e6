import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueForNextSlot } from '../jobs/next-slot.ts';
import { whenDatabaseReady } from '../plugins/when-database-ready.ts';
import { expireConsents } from './consents-repository.ts';

export const consentExpiryJob = 'consents.expire';
/** How often the sweep runs; until it does, the access gate already stops sharing at the expiry. */
export const consentExpiryMinutes = 15;

/** Queues the sweep for its next slot; every instance asking for the same slot gets one job. */
export function enqueueConsentExpiry(queue: Pick<JobQueue, 'enqueue'>, now: Date): Promise<string> {
  return enqueueForNextSlot(queue, consentExpiryJob, consentExpiryMinutes, now, {
    retryLimit: 2,
    retryBackoff: true,
  });
}

/**
 * The consent expiry sweep on the job queue, every 15 minutes: consents past their expiry become
 * `expired` and the shared data no consent covers any more is deleted (`expireConsents`).
 */
export async function registerConsentExpiry(
  app: Pick<FastifyInstance, 'database' | 'jobQueue' | 'addHook' | 'log' | 'readiness'>,
) {
  await app.jobQueue.work(consentExpiryJob, async () => {
    await expireConsents(app.database.db);
    await enqueueConsentExpiry(app.jobQueue, new Date());
  });
  app.addHook('onReady', async () => {
    await whenDatabaseReady(app, 'consents: scheduling the expiry sweep', () =>
      enqueueConsentExpiry(app.jobQueue, new Date()),
    );
  });
}
