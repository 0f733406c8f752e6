import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { jobQueueOf } from './register-job-queue.ts';
import { applyJobsMigration } from './testing/apply-jobs-migration.ts';

async function startApp(database: PlatformDatabase, { ready = true } = {}) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, portalDist: join(config.dataDir, 'no-portal') });
  await app.ready();
  if (ready) app.readiness.markReady();
  return app;
}

async function waitFor(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 400 && !done(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('app.jobQueue', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await applyJobsMigration(database.db);
  });
  afterAll(() => database.close());

  it('is started with the app, stopped on close, and a job enqueued before a restart runs after it', async () => {
    const first = await startApp(database);
    const firstQueue = jobQueueOf(first);
    const id = await firstQueue.enqueue('restart-check', { value: 'kept' });
    await first.close();
    expect((await firstQueue.read(id))?.state).toBe('created');

    const second = await startApp(database);
    const queue = jobQueueOf(second);
    expect(queue).not.toBe(firstQueue);
    const seen: string[] = [];
    await queue.work<{ value: string }>('restart-check', async (payload) => {
      seen.push(payload.value);
    });
    await waitFor(() => seen.length > 0);
    await second.close();
    expect(seen).toEqual(['kept']);
    expect((await queue.read(id))?.state).toBe('completed');
  });

  it('claims no job until the database is ready (migrated and seeded), then runs it', async () => {
    const app = await startApp(database, { ready: false });
    const queue = jobQueueOf(app);
    const seen: string[] = [];
    await queue.work<{ value: string }>('readiness-check', async (payload) => {
      seen.push(payload.value);
    });
    const id = await queue.enqueue('readiness-check', { value: 'after migrations' });
    await new Promise((resolve) => setTimeout(resolve, 400)); // eight polls of the test interval
    expect((await queue.read(id))?.state).toBe('created');
    app.readiness.markReady();
    await waitFor(() => seen.length > 0);
    await app.close();
    expect(seen).toEqual(['after migrations']);
  });
});
