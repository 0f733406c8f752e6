import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockClientDataVersion } from '../aggregation/client-data-version.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForALockWait } from '../testing/lock-wait.ts';
import { adviserScopeOf, signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { importFile, importIds } from './import-file.ts';
import { sampleCsv, sampleCsvMapping, sampleOfx } from './testing/sample-files.ts';

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

describe('an OFX import', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;
  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const importOfx = (accountId: number, content: string) =>
    importFile(testApp.database.db, adviserScopeOf(fixture), {
      format: 'ofx',
      account_id: accountId,
      content,
    });
  const storedOfx = async (accountId: number) =>
    (
      await testApp.database.db
        .selectFrom('transactions')
        .select(['external_id', 'amount', 'currency'])
        .where('account_id', '=', accountId)
        .where('external_id', 'like', 'ofx-%')
        .orderBy('external_id')
        .execute()
    ).map((row) => [row.external_id, row.amount, row.currency]);

  it('keys a FITID the file repeats by its occurrence, so each row is stored once and the file again adds nothing', async () => {
    const accountId = fixture.accountIds[0] ?? 0;
    // Some banks reuse a FITID within a file: before 2026-12-03 its second row was dropped.
    const repeated = sampleOfx.replace('FIT-002', 'FIT-001');
    expect(await importOfx(accountId, repeated)).toMatchObject({ rows_read: 2, rows_added: 2 });
    expect(await importOfx(accountId, repeated)).toMatchObject({ rows_read: 2, rows_added: 0 });
    // The first occurrence's id is the FITID's, as before: a file that writes it once adds nothing.
    expect(await importOfx(accountId, sampleOfx.replace('<FITID>FIT-002', '<FITID>FIT-003'))).toMatchObject({
      rows_read: 2,
      rows_added: 1,
    });
    expect(await storedOfx(accountId)).toEqual([
      ['ofx-FIT-001', '-15.20', 'AUD'],
      ['ofx-FIT-001#2', '100.00', 'AUD'],
      ['ofx-FIT-003', '100.00', 'AUD'],
    ]);
  });

  it('names a repeated FITID’s rows the same way each time, passing over a FITID the file writes', () => {
    const row = (fileId: string | null) => ({
      date: '2026-11-03',
      amount: '-1.00',
      description: 'Tea',
      fileId,
    });
    const rows = ['A', 'A#2', 'A', 'B', 'A', 'A#3', null, null].map((fileId, index) => ({
      ...row(fileId),
      amount: `-${index + 1}.00`,
    }));
    const ids = importIds(rows);
    expect(ids.slice(0, 6)).toEqual(['ofx-A', 'ofx-A#2', 'ofx-A#4', 'ofx-B', 'ofx-A#5', 'ofx-A#3']);
    expect(new Set(ids).size).toBe(rows.length);
    expect(importIds(rows)).toEqual(ids);
    // A row repeating an earlier one of its FITID exactly is the same transaction listed twice:
    // its id is that row's, and it is dropped as it always was (review 146).
    const listedTwice = [
      row('T'),
      row('U'),
      { ...row('T'), description: 'TEA' },
      { ...row('T'), amount: '-2.00' },
    ];
    expect(importIds(listedTwice)).toEqual(['ofx-T', 'ofx-U', 'ofx-T', 'ofx-T#2']);
  });

  it('checks the currency of the statement with transactions, and refuses transactions in two statements, writing nothing', async () => {
    const accountId = fixture.accountIds[1] ?? 0;
    const [head = '', rest = ''] = sampleOfx.split('<STMTTRNRS>');
    const withTransactions = `<STMTTRNRS>${rest.split('</STMTTRNRS>')[0]}</STMTTRNRS>`;
    const empty = withTransactions
      .replace(/<STMTTRN>[\s\S]*<\/STMTTRN>/, '')
      .replace('<ACCTID>12345678', '<ACCTID>999');
    const file = (...statements: string[]) => `${head}${statements.join('\n')}\n</BANKMSGSRSV1>\n</OFX>\n`;
    // Before 2026-12-03 the empty AUD statement's CURDEF was checked and the USD rows stored as AUD.
    await expect(
      importOfx(accountId, file(empty, withTransactions.replace('<CURDEF>AUD', '<CURDEF>USD'))),
    ).rejects.toThrow('The file is in USD; the account is in AUD');
    await expect(
      importOfx(
        accountId,
        file(withTransactions, withTransactions.replace('<ACCTID>12345678', '<ACCTID>999')),
      ),
    ).rejects.toThrow(
      "The OFX file holds 2 statements with transactions (ACCTID 12345678, 999); an import takes one account's statement",
    );
    expect(await storedOfx(accountId)).toEqual([]);
    expect(
      await importOfx(accountId, file(empty.replace('<CURDEF>AUD', '<CURDEF>USD'), withTransactions)),
    ).toMatchObject({ rows_read: 2, rows_added: 2 });
  });
});
