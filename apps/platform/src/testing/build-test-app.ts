import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: PlatformDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Defaults to a directory that does not exist: the portal is "not built". */
  portalDist?: string;
  /** Whether migrations and seeding count as finished (default true), as the server marks them. */
  ready?: boolean;
  /** Lower limits, shorter lifetimes, extra credential resolvers. */
  credentials?: BuildAppOptions['credentials'];
  /** A mailer instead of the development mailbox. */
  mail?: BuildAppOptions['mail'];
  /** Environment variables on top of the test defaults (e.g. `DEV_TOOLS: 'off'`). */
  env?: Record<string, string>;
}

/** The app over a fresh seeded test database, for `inject` (STYLE §7); no port is opened. */
export async function buildTestApp({
  portalDist,
  ready = true,
  credentials,
  mail,
  env,
}: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedDatabase(database.db);
  // No scheduled sweep: one falling due mid-test moved the test's goals on (`env` may turn them on).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SCHEDULED_JOBS: 'off', ...env });
  const app = await buildApp({
    config,
    database,
    portalDist: portalDist ?? join(config.dataDir, 'no-portal'),
    credentials,
    mail,
  });
  if (ready) app.readiness.markReady();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
