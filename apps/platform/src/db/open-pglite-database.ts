import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Database } from './database-schema.ts';
import { createPgliteDialect } from './pglite-dialect.ts';
import type { PlatformDatabase } from './platform-database.ts';

/** The embedded engine: persisted in `directory`, or in memory when none is given (tests). */
export async function openPgliteDatabase(directory?: string): Promise<PlatformDatabase> {
  const client = await PGlite.create(directory === undefined ? {} : { dataDir: directory });
  const db = new Kysely<Database>({ dialect: createPgliteDialect(client) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}
