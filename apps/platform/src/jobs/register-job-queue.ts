import type { FastifyInstance } from 'fastify';
import type { PlatformDatabase } from '../db/platform-database.ts';
import type { JobQueue } from './job-queue.ts';
import { createTableJobQueue, type TableJobQueue } from './table-job-queue.ts';

export type PlatformJobQueue = JobQueue & Pick<TableJobQueue, 'read'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (docs/jobs.md). */
    jobQueue: PlatformJobQueue;
  }
}

// One queue per open database, whichever plugin context registers it first.
const queues = new WeakMap<PlatformDatabase, TableJobQueue>();

/**
 * The app's job queue from any plugin context: the one `registerJobQueue` decorated, or the queue
 * of the app's database if it is registered in another context (it is one per database).
 */
export function jobQueueOf(app: FastifyInstance): PlatformJobQueue {
  if (app.hasDecorator('jobQueue')) return app.jobQueue;
  const queue = queues.get(app.database);
  if (!queue) throw new Error('The job queue is not registered (registerJobQueue)');
  return queue;
}

async function jobQueuePlugin(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('jobQueue')) return;
  let queue = queues.get(app.database);
  if (!queue) {
    const created = createTableJobQueue(app.database.db, {
      log: app.log,
      pollIntervalMs: app.config.nodeEnv === 'test' ? 50 : 1_000,
    });
    queues.set(app.database, created);
    app.addHook('onReady', async () => created.start());
    app.addHook('onClose', async () => {
      await created.stop();
      // A new app over the same database (a restart) gets a new queue.
      if (queues.get(app.database) === created) queues.delete(app.database);
    });
    queue = created;
  }
  app.decorate('jobQueue', queue);
}

/**
 * Decorates the app with `jobQueue` over the platform database: it starts claiming jobs when the
 * app is ready and stops (waiting for running jobs) when it closes. Not encapsulated (Fastify's
 * `skip-override`, as fastify-plugin sets it), so the decoration reaches the registering context;
 * registering it in another context shares the same queue.
 */
export const registerJobQueue = Object.assign(jobQueuePlugin, { [Symbol.for('skip-override')]: true });
