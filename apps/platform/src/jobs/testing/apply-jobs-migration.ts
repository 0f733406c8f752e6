import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database-schema.ts';
import * as jobsAndDocuments from '../../db/migrations/0007-jobs-and-documents.ts';

/**
 * Tests only: applies migration 0007 when the migrator has not (until it is listed in
 * db/migrate.ts); a no-op once it is.
 */
export async function applyJobsMigration(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('jobs') is not null as present`.execute(
    db,
  );
  if (!rows[0]?.present) await jobsAndDocuments.up(db as Kysely<unknown>);
}
