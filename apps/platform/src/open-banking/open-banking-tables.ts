import type { Kysely } from 'kysely';
import type { CdrConfigsTable, Database, FileImportsTable } from '../db/database-schema.ts';

/**
 * The open-banking columns and tables now live in `db/database-schema.ts` (the one source of the
 * schema types). This module only keeps older imports compiling: `withOpenBanking(db)` is `db`.
 * @deprecated import from `db/database-schema.ts` and use `Kysely<Database>` directly.
 */
export type OpenBankingTables = {
  cdr_configs: CdrConfigsTable;
  file_imports: FileImportsTable;
};

/** @deprecated the same as `Database`. */
export type OpenBankingDatabase = Database;

/** @deprecated returns `db` unchanged: `Database` has the open-banking columns and tables. */
export function withOpenBanking<DB extends Database>(db: Kysely<DB>): Kysely<DB> {
  return db;
}
