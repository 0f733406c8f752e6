import { sql } from 'kysely';
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

  it('lets the event loop turn while callers queue for the session, so sockets are heard', async () => {
    // 200 callers of about 2 ms each: 400 ms of work in one queue. A timer set now must fire
    // within the first few callers, not after the queue drains (a new connection waited 8 s so).
    let finished = 0;
    let finishedWhenTimerFired = -1;
    const queries = Array.from({ length: 200 }, () =>
      sql`select pg_sleep(0.002)`.execute(database.db).then(() => {
        finished += 1;
      }),
    );
    setTimeout(() => {
      finishedWhenTimerFired = finished;
    }, 0);
    await Promise.all(queries);
    expect(finishedWhenTimerFired).toBeGreaterThanOrEqual(0);
    expect(finishedWhenTimerFired).toBeLessThan(20);
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
