import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { analyseStaleTables, openPgliteDatabase } from './open-pglite-database.ts';
import type { PlatformDatabase } from './platform-database.ts';

describe('PGlite without autovacuum', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    // The timer is off: this test calls the pass itself, so nothing analyses behind its back.
    database = await openPgliteDatabase(undefined, { autoAnalyse: false });
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  const estimatedRows = async (table: string) => {
    const { rows } = await sql<{ reltuples: number }>`
      select reltuples from pg_class where relname = ${table}`.execute(database.db);
    return Number(rows[0]?.reltuples);
  };

  it('loads pg_trgm, so text search has its trigram index', async () => {
    const { rows } = await sql<{ name: string }>`
      select indexname as name from pg_indexes where indexname = 'transactions_search_trgm'`.execute(
      database.db,
    );
    expect(rows).toEqual([{ name: 'transactions_search_trgm' }]);
  });

  it('analyses a table that grew, and leaves it alone until it grows again', async () => {
    await sql`create table analyse_probe (n integer, label text)`.execute(database.db);
    await sql`insert into analyse_probe select n, 'row ' || n from generate_series(1, 5000) as n`.execute(
      database.db,
    );
    expect(await estimatedRows('analyse_probe')).toBeLessThan(0);
    expect(await analyseStaleTables(database.db)).toEqual(['analyse_probe']);
    expect(await estimatedRows('analyse_probe')).toBe(5000);
    expect(await analyseStaleTables(database.db)).toEqual([]);
    await sql`insert into analyse_probe select n, 'row ' || n from generate_series(1, 5000) as n`.execute(
      database.db,
    );
    expect(await analyseStaleTables(database.db)).toEqual(['analyse_probe']);
    expect(await estimatedRows('analyse_probe')).toBe(10000);
  });

  it('analyses the audit log, written on every request, only when it doubles', async () => {
    const append = (rows: number) =>
      sql`
      insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type)
      select 'waratah', 'client', n, 'client_data.get', 'route' from generate_series(1, ${rows}) as n`.execute(
        database.db,
      );
    await sql`insert into tenants (id, name) values ('waratah', 'Waratah')`.execute(database.db);
    await append(5000);
    expect(await analyseStaleTables(database.db)).toEqual(['audit_log']);
    expect(await estimatedRows('audit_log')).toBe(5000);
    // Half as long again: any other table would be analysed.
    await append(2500);
    expect(await analyseStaleTables(database.db)).toEqual([]);
    await append(5000);
    expect(await analyseStaleTables(database.db)).toEqual(['audit_log']);
    expect(await estimatedRows('audit_log')).toBe(12500);
  });
});
