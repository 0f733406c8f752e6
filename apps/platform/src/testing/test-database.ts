import type { PlatformDatabase } from '../db/platform-database.ts';
import { openPgliteFromTemplate, openPostgresFromTemplate } from './database-templates.ts';

/**
 * A fresh, migrated, empty database of the engine the suite runs on: a database of its own on
 * DATABASE_URL's server (dropped again on close) when that is set, else an in-memory PGlite.
 * Either is a copy of a template migrated once (database-templates.ts, docs/testing.md), which
 * costs a fraction of creating an engine and running every migration.
 */
export async function createTestDatabase(): Promise<PlatformDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openPostgresFromTemplate(serverUrl) : openPgliteFromTemplate();
}
