import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { leftoverDemoDataWarning } from './leftover-demo-data.ts';

describe('leftoverDemoDataWarning', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('warns a production server whose database an earlier start seeded with demo data', async () => {
    const production = { nodeEnv: 'production', demoData: false };
    expect(await leftoverDemoDataWarning(database.db, production)).toBeUndefined();
    await database.db
      .insertInto('demo_data_runs')
      .values({ tenant_id: 'moneypartner', generator_version: 2 })
      .execute();
    expect(await leftoverDemoDataWarning(database.db, production)).toMatch(
      /^This production database holds demo data \(moneypartner\), .*published passwords\. Suspend them/,
    );
    // Asked for, or outside production, the demo data is meant to be there.
    expect(await leftoverDemoDataWarning(database.db, { ...production, demoData: true })).toBeUndefined();
    expect(
      await leftoverDemoDataWarning(database.db, { nodeEnv: 'development', demoData: false }),
    ).toBeUndefined();
  });
});
