import { createRequire } from 'node:module';
import { Kysely, PostgresDialect } from 'kysely';
import type PG from 'pg';
import type { Database } from './database-schema.ts';
import type { PlatformDatabase } from './platform-database.ts';
import { usePreparedStatements } from './prepared-statements.ts';
import { limitStatementTime } from './statement-time-limit.ts';
import { markUnconfirmedWrites } from './unconfirmed-writes.ts';

// Without a timeout, `pg` waits forever for a host that drops packets, and start-up hangs silently.
const CONNECT_TIMEOUT_MS = 5_000;

export interface PostgresOptions {
  /** Prepare each query shape once per connection (default on; db/prepared-statements.ts). */
  preparedStatements?: boolean;
}

/**
 * `pg` is loaded on the first open, not at start-up (as documents/pdf-writer.ts loads pdfkit): on
 * the embedded engine it is never needed, and its modules took about 85 ms of a restart
 * (docs/benchmarks.md, "Cold start and memory").
 */
const require = createRequire(import.meta.url);
let loadedPg: typeof PG | undefined;
function loadPg(): typeof PG {
  loadedPg ??= require('pg') as typeof PG;
  return loadedPg;
}

export function openPostgresDatabase(
  connectionString: string,
  { preparedStatements = true }: PostgresOptions = {},
): PlatformDatabase {
  const pg = loadPg();
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client can die with the server; the pool replaces it, but an unheard 'error' would end the process.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL pool: ${error.message}`));
  // So can one that is checked out (pg_terminate_backend, a failover): its query fails (503, docs/reliability.md)
  // and the pool drops it on release; the client's own 'error' event must be heard too.
  let statementLimitMs = 0;
  pool.on('connect', (client) => {
    client.on('error', () => {});
    limitStatementTime(client, () => statementLimitMs);
    if (preparedStatements) usePreparedStatements(client);
    markUnconfirmedWrites(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    close: () => db.destroy(),
    limitStatements: (ms) => {
      statementLimitMs = ms;
    },
  };
}
