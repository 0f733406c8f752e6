import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { migrateToLatest } from './migrate.ts';
import type { PlatformDatabase } from './platform-database.ts';

describe('migrateToLatest', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the tables', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_name in ('tenants', 'app_configs')
      order by table_name`.execute(database.db);
    expect(rows.map((row) => row.table_name)).toEqual(['app_configs', 'tenants']);
  });

  it('is a no-op when run again', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('tells a current schema by reading its list of migrations alone', async () => {
    // Kysely's migrator reads the catalogue twice and takes its lock (eight statements and more).
    const sent: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        sent.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    expect(await migrateToLatest(database.db.withPlugin(counting))).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('still applies a migration not yet applied', async () => {
    // The last one, 0018, is safe to apply again (widening a column to the type it has).
    await sql`delete from kysely_migration where name = '0018-month-totals-width'`.execute(database.db);
    expect(await migrateToLatest(database.db)).toEqual(['0018-month-totals-width']);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('still refuses a database migrated by a newer version', async () => {
    const newer = { name: '9999-from-a-newer-version', timestamp: new Date().toISOString() };
    await sql`insert into kysely_migration (name, timestamp) values (${newer.name}, ${newer.timestamp})`.execute(
      database.db,
    );
    try {
      await expect(migrateToLatest(database.db)).rejects.toThrow(/9999-from-a-newer-version/);
    } finally {
      await sql`delete from kysely_migration where name = ${newer.name}`.execute(database.db);
    }
  });

  it('refuses a second app config for the same tenant, environment and platform', async () => {
    await database.db.insertInto('tenants').values({ id: 'waratah', name: 'Waratah' }).execute();
    const row = {
      tenant_id: 'waratah',
      environment: 'production',
      platform_key: 'adviser-web-portal',
      features: '[]',
      links: '[]',
    };
    await database.db.insertInto('app_configs').values(row).execute();
    await expect(database.db.insertInto('app_configs').values(row).execute()).rejects.toThrow(/unique/i);
  });
});
