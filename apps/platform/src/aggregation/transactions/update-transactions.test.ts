import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  type AdviserWithClient,
  adviserScopeOf,
  signedInAdviserWithClient,
} from '../../testing/signed-in-adviser-with-client.ts';
import { tagTransactions } from './tag-transactions.ts';
import { updateTransactions } from './update-transactions.ts';

describe('changing transactions: consent held, locks in the order every writer takes them', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const transactionsOf = (fixture: AdviserWithClient) =>
    testApp.database.db
      .selectFrom('transactions')
      .select(['id', 'included', 'tags'])
      .where('id', 'in', fixture.transactionIds)
      .orderBy('id')
      .execute();

  it('writes nothing for an adviser whose consent ended after the access check', async () => {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const scope = adviserScopeOf(fixture);
    const before = await transactionsOf(fixture);
    // The access check passed; then the client withdrew, and the withdrawal committed.
    await testApp.database.db
      .updateTable('client_links')
      .set({ consent_status: 'withdrawn' })
      .where('client_id', '=', fixture.clientId)
      .execute();
    // Before 2026-11-30 both were written after the withdrawal, in the adviser's name.
    await expect(
      updateTransactions(testApp.database.db, scope, fixture.transactionIds, { included: false }),
    ).rejects.toMatchObject({ type: 'not_found' });
    await expect(
      tagTransactions(
        testApp.database.db,
        scope,
        { transaction_ids: fixture.transactionIds, tags: ['x'] },
        'add',
      ),
    ).rejects.toMatchObject({ type: 'not_found' });
    expect(await transactionsOf(fixture)).toEqual(before);
  });

  it.runIf(process.env.DATABASE_URL)(
    'waits for a bank refresh storing the same client’s data instead of deadlocking with it',
    async () => {
      const fixture = await signedInAdviserWithClient(testApp.app);
      const db = testApp.database.db;
      const ids = fixture.transactionIds.slice(0, 2);
      let refreshWrote!: () => void;
      const refreshHoldsVersion = new Promise<void>((resolve) => {
        refreshWrote = resolve;
      });
      let changeStarted!: () => void;
      const changeWaits = new Promise<void>((resolve) => {
        changeStarted = resolve;
      });
      // A refresh's order: an account first (its trigger takes the client's data version), then
      // the transactions.
      const refresh = db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ current_balance: sql`current_balance` })
          .where('client_id', '=', fixture.clientId)
          .execute();
        refreshWrote();
        await changeWaits;
        // Long enough for the change to take what it can and block (PostgreSQL detects a
        // deadlock after deadlock_timeout, 1 s by default).
        await new Promise((resolve) => setTimeout(resolve, 300));
        await trx
          .updateTable('transactions')
          .set({ description_original: sql`description_original` })
          .where('id', 'in', ids)
          .execute();
      });
      await refreshHoldsVersion;
      const change = updateTransactions(db, adviserScopeOf(fixture), ids, { included: false });
      changeStarted();
      // Before 2026-11-30 one of the two failed with 40P01 (deadlock detected).
      await expect(Promise.all([refresh, change])).resolves.toEqual([undefined, ids]);
      expect(
        (await transactionsOf(fixture)).filter((row) => ids.includes(row.id)).map((row) => row.included),
      ).toEqual([false, false]);
    },
  );
});
