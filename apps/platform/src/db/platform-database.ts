import type { DatabaseEngine } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './database-schema.ts';

/** An open database: PGlite in-process or a PostgreSQL pool, behind the same Kysely API. */
export interface PlatformDatabase {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  close(): Promise<void>;
}
