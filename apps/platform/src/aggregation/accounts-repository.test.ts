import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { adviserScopeOf, signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { updateAccount } from './accounts-repository.ts';

describe('changing an account: locks in the order every writer of the client’s data takes them', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it.runIf(process.env.DATABASE_URL)(
    'waits for a bank refresh storing the same client’s accounts instead of deadlocking with it',
    async () => {
      const fixture = await signedInAdviserWithClient(testApp.app);
      const db = testApp.database.db;
      const [first, second] = fixture.accountIds;
      if (first === undefined || second === undefined) throw new Error('the fixture has two accounts');
      let refreshWrote!: () => void;
      const refreshHoldsVersion = new Promise<void>((resolve) => {
        refreshWrote = resolve;
      });
      let changeStarted!: () => void;
      const changeWaits = new Promise<void>((resolve) => {
        changeStarted = resolve;
      });
      // A refresh's order: its first account (whose trigger takes the client's data version),
      // then the next.
      const refresh = db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ current_balance: sql`current_balance` })
          .where('id', '=', first)
          .execute();
        refreshWrote();
        await changeWaits;
        // Long enough for the change to take what it can and block (PostgreSQL detects a
        // deadlock after deadlock_timeout, 1 s by default).
        await new Promise((resolve) => setTimeout(resolve, 300));
        await trx
          .updateTable('accounts')
          .set({ current_balance: sql`current_balance` })
          .where('id', '=', second)
          .execute();
      });
      await refreshHoldsVersion;
      const change = updateAccount(db, adviserScopeOf(fixture), second, { included: false, hidden: false });
      changeStarted();
      // Before 2026-12-02 one of the two failed with 40P01 (deadlock detected): the change locked
      // the account, then waited for the version the refresh held.
      const [, changed] = await Promise.all([refresh, change]);
      expect(changed).toMatchObject({ id: second, included: false });
    },
  );
});
