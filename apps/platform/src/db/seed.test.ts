import { environments, tenantIds, tenants } from '@waratah/tenants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import type { PlatformDatabase } from './platform-database.ts';
import { seedDatabase } from './seed.ts';

const configuredEnvironments = tenantIds.flatMap((id) =>
  environments.filter((environment) => tenants[id].envConfig[environment]),
);

describe('seedDatabase', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function counts(): Promise<{ tenants: number; appConfigs: number }> {
    // count(*) is a bigint: PGlite hands back a number, pg a string, so cast it in SQL.
    const { rows } = await sql<{ tenants: number; app_configs: number }>`
      select (select count(*) from tenants)::int as tenants, (select count(*) from app_configs)::int as app_configs
    `.execute(database.db);
    return { tenants: rows[0]?.tenants ?? -1, appConfigs: rows[0]?.app_configs ?? -1 };
  }

  it('puts each tenant and an app config per tenant environment in place', async () => {
    await seedDatabase(database.db);
    expect(await counts()).toEqual({ tenants: 3, appConfigs: configuredEnvironments.length });
    const labs = await database.db
      .selectFrom('app_configs')
      .select('environment')
      .where('tenant_id', '=', 'waratahlabs')
      .orderBy('environment')
      .execute();
    expect(labs.map((row) => row.environment)).toEqual(['sandbox', 'staging']);
  });

  it('adds nothing when run again', async () => {
    await seedDatabase(database.db);
    await seedDatabase(database.db);
    expect(await counts()).toEqual({ tenants: 3, appConfigs: configuredEnvironments.length });
  });

  it("keeps an operator's later change", async () => {
    const changed = JSON.stringify([{ key: 'goals', enabled: false }]);
    await database.db
      .updateTable('app_configs')
      .set({ features: changed })
      .where('tenant_id', '=', 'moneypartner')
      .where('environment', '=', 'production')
      .execute();
    await seedDatabase(database.db);
    const row = await database.db
      .selectFrom('app_configs')
      .select('features')
      .where('tenant_id', '=', 'moneypartner')
      .where('environment', '=', 'production')
      .executeTakeFirstOrThrow();
    expect(row.features).toEqual([{ key: 'goals', enabled: false }]);
  });
});
