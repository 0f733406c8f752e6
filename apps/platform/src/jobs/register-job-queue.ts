import type { FastifyInstance } from 'fastify';
import type { JobQueue } from './job-queue.ts';
import { createTableJobQueue, type TableJobQueue } from './table-job-queue.ts';

export type PlatformJobQueue = JobQueue & Pick<TableJobQueue, 'read' | 'forgetPayloadKey' | 'markPayloadKey'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (docs/jobs.md). */
    jobQueue: PlatformJobQueue;
  }
}

/** The app's job queue (`app.jobQueue`); kept for callers written before it sat at the root. */
export function jobQueueOf(app: FastifyInstance): PlatformJobQueue {
  if (!app.hasDecorator('jobQueue')) throw new Error('The job queue is not registered (registerJobQueue)');
  return app.jobQueue;
}

async function jobQueuePlugin(app: FastifyInstance): Promise<void> {
  // Registered at the root in app.ts; a later registration in a child context is a no-op.
  if (app.hasDecorator('jobQueue')) return;
  const queue = createTableJobQueue(app.database.db, {
    log: app.log,
    pollIntervalMs: app.config.nodeEnv === 'test' ? 50 : 1_000,
    ...(app.config.jobLeaseSeconds === undefined ? {} : { leaseSeconds: app.config.jobLeaseSeconds }),
  });
  // Jobs start once the schema is in place: the server listens (and the app is ready) before it
  // migrates, and a job claimed earlier would meet a missing table or column.
  let closed = false;
  app.addHook('onReady', async () => {
    void app.readiness.whenReady().then(() => {
      if (!closed) queue.start();
    });
  });
  app.addHook('onClose', async () => {
    closed = true;
    await queue.stop();
  });
  app.decorate('jobQueue', queue);
}

/**
 * Decorates the app with `jobQueue` over the platform database: it starts claiming jobs when the
 * app is ready and its database is (`app.readiness`, after migrations and seeding) and stops (waiting for running jobs) when it closes. Registered once at the root
 * (app.ts), so every plugin sees `app.jobQueue`; not encapsulated (Fastify's `skip-override`, as
 * fastify-plugin sets it), so the decoration reaches the registering context.
 */
export const registerJobQueue = Object.assign(jobQueuePlugin, { [Symbol.for('skip-override')]: true });
