import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/**
 * Runs `work` in a database transaction: a new one, or, when `db` already is a transaction (the
 * demo seed runs connections and refreshes inside its own), that one, so that the caller's commit
 * or rollback covers the work too. Kysely cannot nest transactions.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
