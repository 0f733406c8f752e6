import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CdsBankingClient } from './cds-banking-client.ts';
import { createCdsDataSource } from './cds-data-source.ts';
import { cdsAccountSchema, cdsBalanceSchema, cdsTransactionSchema } from './cds-schemas.ts';
import { mapCdsTransaction } from './map-cds-transaction.ts';
import { type PullTarget, storePull } from './store-pull.ts';
import { openBankingFixture } from './testing/open-banking-fixture.ts';

let fixture: Awaited<ReturnType<typeof openBankingFixture>>;
beforeAll(async () => {
  fixture = await openBankingFixture();
});
afterAll(async () => {
  await fixture.close();
});

const pulledAt = new Date('2026-11-20T03:00:00Z');
/** The account's window after its first read: from an instant of 6 November in Sydney. */
const windowStart = '2026-11-06';

/**
 * A $3.20 Opal tap as a holder may list it: no transactionId, no execution time, posted at the
 * bank's midnight (all allowed by CDS). Two real taps that day look exactly alike.
 */
const tap = {
  accountId: 'acc-fp',
  type: 'PAYMENT',
  status: 'POSTED',
  description: 'TRANSPORT NSW OPAL',
  reference: '',
  postingDateTime: '2026-11-19T00:00:00+11:00',
  amount: '-3.20',
};
const fingerprint = mapCdsTransaction(cdsTransactionSchema.parse(tap)).externalId;

/** A holder whose one account lists `transactions`, in that order. */
function holderListing(transactions: object[]): CdsBankingClient {
  return {
    getStatus: () => Promise.reject(new Error('not asked')),
    getCustomerType: async () => 'person',
    listAccounts: async () => [
      cdsAccountSchema.parse({
        accountId: 'acc-fp',
        displayName: 'Everyday',
        maskedNumber: 'xxxx 1234',
        productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
        productName: 'Everyday',
      }),
    ],
    listBalances: async () => [
      cdsBalanceSchema.parse({ accountId: 'acc-fp', currentBalance: '100.00', availableBalance: '100.00' }),
    ],
    listTransactions: async () => transactions.map((transaction) => cdsTransactionSchema.parse(transaction)),
  };
}

/** One refresh's pull through the CDS data source, stored as a refresh stores it. */
async function pullAndStore(target: PullTarget, transactions: object[]) {
  const pull = await createCdsDataSource(holderListing(transactions)).pull({
    oldestTime: new Date('2026-11-05T13:00:00Z'),
    newestTime: pulledAt,
  });
  return storePull(fixture.db, target, pull, {
    outcome: pull.outcome,
    now: pulledAt,
    nextRefresh: null,
    windowStart,
  });
}

async function newTarget(customerId: string): Promise<PullTarget> {
  const { scope, providerAccount } = await fixture.connect('harbour-bank', customerId);
  return { tenantId: scope.tenantId, clientId: scope.clientId, providerAccountId: providerAccount.id };
}

/** The client's transactions in the holder's account, in the order they were stored. */
async function storedRows(target: PullTarget) {
  return fixture.db
    .selectFrom('transactions as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .select(['t.id', 't.external_id', 't.status', 't.memo', sql<string>`t.amount::text`.as('amount')])
    .where('t.client_id', '=', target.clientId)
    .where('a.external_id', '=', 'acc-fp')
    .orderBy('t.id')
    .execute();
}

async function writeMemo(id: number, memo: string) {
  await fixture.db.updateTable('transactions').set({ memo }).where('id', '=', id).execute();
}

describe('identical transactions without a transactionId', () => {
  it('stores two real taps as two rows, and a later pull listing them again keeps the same two', async () => {
    const target = await newTarget('fp-two-taps');
    const first = await pullAndStore(target, [tap, { ...tap }]);
    // Before 2026-12-04 both had the one fingerprint, and the pull stored only the last.
    expect(first.transactionsAdded).toBe(2);
    const rows = await storedRows(target);
    expect(rows.map((row) => row.external_id)).toEqual([fingerprint, `${fingerprint}#2`]);
    for (const row of rows) await writeMemo(row.id, `tap ${row.id}`);

    const again = await pullAndStore(target, [tap, { ...tap }]);
    expect(again).toMatchObject({ transactionsAdded: 0, transactionsUpdated: 2, repeatsRemoved: 0 });
    // The same rows, ids and what the client wrote on them.
    expect(await storedRows(target)).toEqual(rows.map((row) => ({ ...row, memo: `tap ${row.id}` })));
  });

  it('removes a numbered repeat the holder no longer lists in the window, keeping the others and what was set on them', async () => {
    const target = await newTarget('fp-three-then-two');
    // Two taps on the window's first day: the holder reads from an instant of it, so one it leaves
    // out there is left out by its time, and stays.
    const early = { ...tap, postingDateTime: '2026-11-06T00:00:00+11:00' };
    const earlyFingerprint = mapCdsTransaction(cdsTransactionSchema.parse(early)).externalId;
    await pullAndStore(target, [tap, tap, tap, early, early]);
    const rows = await storedRows(target);
    // Before 2026-12-04: two rows, one of each fingerprint.
    expect(rows.map((row) => row.external_id)).toEqual([
      fingerprint,
      `${fingerprint}#2`,
      `${fingerprint}#3`,
      earlyFingerprint,
      `${earlyFingerprint}#2`,
    ]);
    for (const row of rows) await writeMemo(row.id, `tap ${row.id}`);

    const next = await pullAndStore(target, [tap, tap, early]);
    expect(next).toMatchObject({ transactionsAdded: 0, transactionsUpdated: 3, repeatsRemoved: 1 });
    const left = await storedRows(target);
    expect(left.map((row) => row.external_id)).toEqual([
      fingerprint,
      `${fingerprint}#2`,
      earlyFingerprint,
      `${earlyFingerprint}#2`,
    ]);
    expect(left.every((row) => row.memo === `tap ${row.id}`)).toBe(true);
  });

  it('ends as one row when a shifted page listed one transaction twice and the next pull lists it once', async () => {
    const target = await newTarget('fp-shifted-page');
    const coffee = { ...tap, description: 'CAFE 9', amount: '-5.50' };
    // A new transaction arrived between page 1 and page 2: the tap, last on page 1, is first on page 2 too.
    await pullAndStore(target, [coffee, tap, tap]);
    // Two ids the platform cannot tell from two real taps (before 2026-12-04: one row, one id).
    expect((await storedRows(target)).map((row) => row.external_id)).toContain(`${fingerprint}#2`);

    const next = await pullAndStore(target, [coffee, tap]);
    expect(next.repeatsRemoved).toBe(1);
    const rows = await storedRows(target);
    expect(rows.filter((row) => row.amount === '-3.20').map((row) => row.external_id)).toEqual([fingerprint]);
    expect(rows).toHaveLength(2);
  });

  it('leaves transactions with the holder’s own ids as they were: one listed twice is one row, one no longer listed stays', async () => {
    const target = await newTarget('fp-holder-ids');
    const withId = (transactionId: string) => ({ ...tap, transactionId });
    // Listed twice by a shifted page: the id-less tap, and the one with id h1.
    await pullAndStore(target, [withId('h1'), tap, withId('h1'), tap, withId('h2')]);
    const rows = await storedRows(target);
    // Before 2026-12-04: one row of the tap.
    expect(rows.map((row) => row.external_id)).toEqual(['h1', fingerprint, `${fingerprint}#2`, 'h2']);

    // h2 is not listed (posted: kept, as posted ones always are); the tap once.
    const next = await pullAndStore(target, [withId('h1'), tap]);
    expect(next).toMatchObject({ transactionsUpdated: 2, repeatsRemoved: 1 });
    expect((await storedRows(target)).map((row) => row.external_id)).toEqual(['h1', fingerprint, 'h2']);
  });
});
