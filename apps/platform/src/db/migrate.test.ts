import { sql } from 'kysely';
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
