import type { DatabaseEngine } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './database-schema.ts';

/** An open database: PGlite in-process or a PostgreSQL pool, behind the same Kysely API. */
export interface PlatformDatabase {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  close(): Promise<void>;
  /**
   * From now on, a statement PostgreSQL has not answered within `ms` milliseconds fails and its
   * connection is closed (0: no limit; db/statement-time-limit.ts). Armed once the schema is
   * migrated and seeded, so a long migration is never cut. PostgreSQL only: PGlite runs in-process.
   */
  limitStatements?(ms: number): void;
}
