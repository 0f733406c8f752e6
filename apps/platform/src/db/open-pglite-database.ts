import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import type { Database } from './database-schema.ts';
import { createPgliteDialect } from './pglite-dialect.ts';
import { pgliteExtensions } from './pglite-extensions.mjs';
import { inThisThread } from './pglite-session.ts';
import { pgliteTypeHandlers } from './pglite-type-handlers.mjs';
import { openPgliteWorker } from './pglite-worker-session.ts';
import type { PlatformDatabase } from './platform-database.ts';

/** How often an open PGlite database looks for tables whose statistics are out of date. */
const ANALYSE_EVERY_MS = 10 * 60_000;
/** The first look, soon after opening (after the migrations and the demo seed have begun). */
const FIRST_ANALYSE_AFTER_MS = 2_000;

/**
 * The embedded engine: persisted in `directory`, or in memory when none is given (tests). pg_trgm
 * is loaded for the trigram indexes of text search (migration 0009), as on PostgreSQL. It runs on
 * the caller's thread (the default, PGLITE_WORKER=off), or on a worker thread of its own (`worker`,
 * PGLITE_WORKER=on; db/pglite-worker-session.ts), where statements run beside the requests' handling.
 *
 * PGlite has no autovacuum, so nothing would ever gather planner statistics: with none, a
 * client's 100,000 transactions look like four rows and a page of the list is sorted from all of
 * them. A timer analyses, through the same serialised session as every query, each table that
 * grew by a fifth since it was last analysed (what autovacuum's analyse threshold does on
 * PostgreSQL).
 */
export async function openPgliteDatabase(
  directory?: string,
  {
    autoAnalyse = true,
    preparedStatements = true,
    worker = false,
  }: { autoAnalyse?: boolean; preparedStatements?: boolean; worker?: boolean } = {},
): Promise<PlatformDatabase> {
  const extensions = pgliteExtensions;
  const session = worker
    ? await openPgliteWorker(directory)
    : inThisThread(
        await PGlite.create({
          ...(directory === undefined ? {} : { dataDir: directory }),
          extensions,
          ...pgliteTypeHandlers,
        }),
      );
  const db = new Kysely<Database>({ dialect: createPgliteDialect(session, { preparedStatements }) });
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = analyseStaleTables(db)
        .catch((error: unknown) =>
          process.emitWarning(`PGlite analyse: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          if (!closed) schedule(ANALYSE_EVERY_MS);
        });
    }, delay);
    timer.unref();
  };
  if (autoAnalyse) schedule(FIRST_ANALYSE_AFTER_MS);
  return {
    db,
    engine: 'pglite',
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await running;
      await db.destroy();
    },
  };
}

/**
 * Tables written on every request and only ever appended to, analysed when they double rather
 * than when they grow by a fifth. Under load the audit log grows by a fifth between any two passes,
 * and analysing it blocks every query behind it (314 ms at 872,307 rows, on the bench's data);
 * its reads go down indexes whose choice does not move with its length (access/list-audit-log.ts).
 */
const appendedOnEveryRequest = ['audit_log'];

/**
 * Analyses every table of the schema larger than a few pages that was never analysed or has
 * grown by more than a fifth (in pages) since (a table of `appendedOnEveryRequest`: doubled);
 * returns their names. Cheap when nothing changed: one catalogue query.
 */
export async function analyseStaleTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
      and pg_relation_size(c.oid) >= 8 * current_setting('block_size')::int
      and (c.reltuples < 0
        or pg_relation_size(c.oid) / current_setting('block_size')::int
          > c.relpages * (case when c.relname = any(${appendedOnEveryRequest}) then 2 else 1.2 end) + 8)
    order by c.relname`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.id(name)}`.execute(db);
  return rows.map((row) => row.name);
}
