import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import type { PlatformDatabase } from './platform-database.ts';
import { prepareDatabase } from './prepare-database.ts';

describe('prepareDatabase', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('writes no demo adviser or client when the demo data is off (production’s default)', async () => {
    await prepareDatabase(database.db, { demoData: false });
    const count = async (table: 'demo_data_runs' | 'admin_users' | 'clients') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await count('demo_data_runs')).toBe(0);
    expect(await count('admin_users')).toBe(0);
    expect(await count('clients')).toBe(0);
    // The tenants and their configuration are written all the same.
    expect(await database.db.selectFrom('tenants').select('id').orderBy('id').execute()).not.toHaveLength(0);
  });
});
