import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate.ts';
import { openPgliteDatabase } from '../db/open-pglite-database.ts';
import { openPostgresDatabase } from '../db/open-postgres-database.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';

/**
 * A fresh, migrated, empty database of the engine the suite runs on: a database of its own on
 * DATABASE_URL's server (dropped again on close) when that is set, else an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<PlatformDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createScratchDatabase(serverUrl) : await openPgliteDatabase();
  await migrateToLatest(database.db);
  return database;
}

async function createScratchDatabase(serverUrl: string): Promise<PlatformDatabase> {
  // Generated, never from input, so it is safe to splice into DDL (identifiers cannot be bound).
  const name = `waratah_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgresDatabase(url.toString());
  return {
    ...database,
    close: async () => {
      await database.close();
      await asAdmin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
