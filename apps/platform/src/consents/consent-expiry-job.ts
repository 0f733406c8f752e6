import type { FastifyInstance } from 'fastify';
import { configuredDocumentStore } from '../documents/document-store.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueForNextSlot, type PeriodicJob, registerPeriodicJob } from '../jobs/periodic-job.ts';
import { expireConsents } from './consents-repository.ts';

export const consentExpiryJob = 'consents.expire';
/** How often the sweep runs; until it does, the access gate already stops sharing at the expiry. */
export const consentExpiryMinutes = 15;

const consentExpiry: PeriodicJob = {
  name: consentExpiryJob,
  minutes: consentExpiryMinutes,
  retry: { retryLimit: 2, retryBackoff: true },
};

/** Queues the sweep for its next slot; every instance asking for the same slot gets one job. */
export function enqueueConsentExpiry(queue: Pick<JobQueue, 'enqueue'>, now: Date): Promise<string> {
  return enqueueForNextSlot(queue, consentExpiry, now);
}

/**
 * The consent expiry sweep on the job queue, every 15 minutes: consents past their expiry become
 * `expired`, their practices' exports of the client are deleted (files too, from the configured
 * store), and the shared data no consent covers any more is deleted (`expireConsents`).
 */
export function registerConsentExpiry(
  app: Pick<FastifyInstance, 'database' | 'jobQueue' | 'addHook' | 'log' | 'readiness' | 'config'>,
): Promise<void> {
  return registerPeriodicJob(app, consentExpiry, 'consents: scheduling the expiry sweep', async () => {
    await expireConsents(app.database.db, new Date(), {
      store: configuredDocumentStore(app.config.documentStorage),
      log: app.log,
    });
  });
}
