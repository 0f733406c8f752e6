import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockClientDataVersion } from '../aggregation/client-data-version.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForALockWait } from '../testing/lock-wait.ts';
import { adviserScopeOf, signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { importFile } from './import-file.ts';
import { sampleCsv, sampleCsvMapping } from './testing/sample-files.ts';

// PostgreSQL only: PGlite has one connection, so two transactions never hold locks at once.
describe.runIf(process.env.DATABASE_URL)(
  'a file import: locks in the order every writer of the client’s data takes them',
  () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await buildTestApp();
    });
    afterAll(() => testApp.close());

    it('waits for a writer holding the client’s data version before it holds the account, instead of deadlocking with it', async () => {
      const fixture = await signedInAdviserWithClient(testApp.app);
      const db = testApp.database.db;
      const [accountId] = fixture.accountIds;
      if (accountId === undefined) throw new Error('the fixture has an account');
      let writerHolds!: () => void;
      const versionHeld = new Promise<void>((resolve) => {
        writerHolds = resolve;
      });
      let importWaiting!: () => void;
      const importWaits = new Promise<void>((resolve) => {
        importWaiting = resolve;
      });
      // A connection's delete or a consent's disposal: the client's data version first, then its
      // accounts' rows (a delete locks them FOR UPDATE, which an import's FOR KEY SHARE holds back).
      const writer = db.transaction().execute(async (trx) => {
        await lockClientDataVersion(trx, fixture.clientId);
        writerHolds();
        await importWaits;
        await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
      });
      await versionHeld;
      const imported = importFile(db, adviserScopeOf(fixture), {
        format: 'csv',
        account_id: accountId,
        content: sampleCsv,
        mapping: sampleCsvMapping,
      });
      // The import now waits for the version before it holds the account. Before 2026-12-02 it
      // held the account and then waited for the version (its rows' trigger bumps it): the
      // writer then waited for the account, and one of the two failed with 40P01 (deadlock
      // detected), a 503.
      await waitForALockWait(db, 'the import never waited for the client’s data version');
      importWaiting();
      const [, stored] = await Promise.all([writer, imported]);
      expect(stored).toMatchObject({ account_id: accountId, rows_read: 3, rows_added: 3 });
    });
  },
);
