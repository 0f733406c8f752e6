import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { PlatformConfig } from '../config/env.ts';
import { StartupError } from '../errors/startup-error.ts';
import { openPgliteDatabase } from './open-pglite-database.ts';
import { openPostgresDatabase } from './open-postgres-database.ts';
import type { PlatformDatabase } from './platform-database.ts';

export type DatabaseConfig = Pick<PlatformConfig, 'dataDir' | 'databaseUrl'> &
  Partial<Pick<PlatformConfig, 'databasePreparedStatements' | 'pgliteWorker'>>;

/**
 * Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR, and proves it
 * answers before anything else starts, so a bad setting fails at once and names the variable.
 */
export async function createDatabase(config: DatabaseConfig): Promise<PlatformDatabase> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return answering(
      openPostgresDatabase(url, { preparedStatements: config.databasePreparedStatements ?? true }),
      `DATABASE_URL: could not connect to ${maskPassword(url)}`,
    );
  }
  ensureWritable(config.dataDir);
  const directory = join(config.dataDir, 'pglite');
  const failure = `DATA_DIR: could not open the embedded database in ${directory}`;
  try {
    return await answering(
      await openPgliteDatabase(directory, {
        preparedStatements: config.databasePreparedStatements ?? true,
        worker: config.pgliteWorker ?? false,
      }),
      failure,
    );
  } catch (error) {
    throw error instanceof StartupError
      ? error
      : new StartupError(`${failure} (${reason(error)})`, { cause: error });
  }
}

async function answering(database: PlatformDatabase, failure: string): Promise<PlatformDatabase> {
  try {
    await sql`select 1`.execute(database.db);
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw new StartupError(`${failure} (${reason(error)})`, { cause: error });
  }
}

// Synchronous, so that the embedded engine's worker starts within the call to `createDatabase`,
// before anything the caller does next (server.ts loads the app's modules meanwhile).
function ensureWritable(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw new StartupError(`DATA_DIR: cannot write to ${dataDir} (${reason(error)})`, { cause: error });
  }
}

export function maskPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

// System errors carry a short code (ECONNREFUSED); PostgreSQL errors a readable message.
function reason(error: unknown): string {
  if (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^E[A-Z]+$/.test(error.code)
  ) {
    return error.code;
  }
  return error instanceof Error && error.message ? error.message : String(error);
}
