import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { openPgliteDatabase } from './open-pglite-database.ts';
import type { PlatformDatabase } from './platform-database.ts';

describe('the PGlite dialect', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await openPgliteDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  it("keeps a query from running inside another caller's open transaction", async () => {
    let insideTransaction = () => {};
    const inserted = new Promise<void>((resolve) => {
      insideTransaction = resolve;
    });
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('tenants').values({ id: 'waratah', name: 'Uncommitted' }).execute();
      insideTransaction();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('roll back');
    });
    await inserted;
    const seen = database.db.selectFrom('tenants').selectAll().execute();

    await expect(transaction).rejects.toThrow('roll back');
    expect(await seen).toEqual([]);
  });

  it('reports the number of rows a write touched', async () => {
    const result = await database.db
      .insertInto('tenants')
      .values([
        { id: 'waratah', name: 'Waratah' },
        { id: 'moneypartner', name: 'MoneyPartner' },
      ])
      .executeTakeFirst();
    expect(result.numInsertedOrUpdatedRows).toBe(2n);
  });
});
