import { describe, expect, it } from 'vitest';
import type { CdsTransaction } from './cds-schemas.ts';
import { mapCdsTransaction, mapCdsTransactions, numberedFingerprint } from './map-cds-transaction.ts';

const pending: CdsTransaction = {
  accountId: 'a1',
  transactionId: 't1',
  type: 'PAYMENT',
  status: 'PENDING',
  description: 'WOOLWORTHS CARD PURCHASE',
  reference: '',
  executionDateTime: '2026-11-19T14:30:00Z',
  amount: '-42.5',
  currency: 'AUD',
  merchantName: 'Woolworths',
  merchantCategoryCode: '5411',
};

describe('mapCdsTransaction', () => {
  it('maps amount, direction, Sydney dates, merchant and category code', () => {
    expect(mapCdsTransaction(pending)).toEqual({
      externalId: 't1',
      amount: '-42.50',
      currency: 'AUD',
      baseType: 'debit',
      status: 'pending',
      // 14:30 UTC is 01:30 the next morning in Sydney (daylight time).
      transactionDate: '2026-11-20',
      postDate: null,
      description: 'WOOLWORTHS CARD PURCHASE',
      merchantName: 'Woolworths',
      merchantCategoryCode: '5411',
      reference: null,
    });
  });

  it('stores a description and merchant of more than 1,000 characters cut to 1,000', () => {
    const long = (word: string) => `${word} ${'X'.repeat(20_000)}`;
    const mapped = mapCdsTransaction({
      ...pending,
      description: long('DESCRIPTION'),
      merchantName: long('MERCHANT'),
    });
    expect(mapped.description).toBe(`${long('DESCRIPTION').slice(0, 999)}…`);
    expect(mapped.merchantName).toBe(`${long('MERCHANT').slice(0, 999)}…`);
  });

  it('keeps the id when the pending transaction posts', () => {
    const posted = mapCdsTransaction({
      ...pending,
      status: 'POSTED',
      postingDateTime: '2026-11-21T02:00:00Z',
    });
    expect(posted).toMatchObject({
      externalId: 't1',
      status: 'posted',
      postDate: '2026-11-21',
      transactionDate: '2026-11-20',
    });
  });

  it('fingerprints a transaction without an id on what posting does not change', () => {
    const { transactionId: _id, ...anonymous } = pending;
    const before = mapCdsTransaction(anonymous);
    const after = mapCdsTransaction({
      ...anonymous,
      status: 'POSTED',
      postingDateTime: '2026-11-21T02:00:00Z',
    });
    expect(before.externalId).toMatch(/^fp-/);
    expect(after.externalId).toBe(before.externalId);
  });

  it('tells apart the months of a recurring payment without an id or an execution time', () => {
    const { transactionId: _id, executionDateTime: _time, ...bare } = pending;
    const month = (postingDateTime: string) =>
      mapCdsTransaction({ ...bare, status: 'POSTED', postingDateTime }).externalId;
    // Before 2026-11-30 both had one id, and November's replaced October's.
    expect(month('2026-10-19T02:00:00Z')).not.toBe(month('2026-11-19T02:00:00Z'));
    expect(month('2026-11-19T02:00:00Z')).toBe(month('2026-11-19T02:00:00Z'));
  });

  it('dates a pending transaction without any time on the pull’s day in Sydney', () => {
    const { executionDateTime: _time, ...timeless } = pending;
    // 15:00 UTC is 02:00 the next morning in Sydney. Before 2026-12-02: "no usable date", and the
    // whole account's transactions failed.
    expect(mapCdsTransaction(timeless, new Date('2026-11-20T15:00:00Z'))).toMatchObject({
      externalId: 't1',
      status: 'pending',
      transactionDate: '2026-11-21',
      postDate: null,
    });
    // Its fingerprint (no transactionId) does not take that date: the same the next day.
    const { transactionId: _id, ...anonymous } = timeless;
    expect(mapCdsTransaction(anonymous, new Date('2026-11-20T15:00:00Z')).externalId).toBe(
      mapCdsTransaction(anonymous, new Date('2026-11-22T15:00:00Z')).externalId,
    );
  });

  it('still refuses a posted transaction without any time (CDS requires its postingDateTime)', () => {
    const { executionDateTime: _time, ...timeless } = pending;
    expect(() => mapCdsTransaction({ ...timeless, status: 'POSTED' })).toThrow('no usable date');
  });

  it('takes the next of a transaction’s times when one is not RFC 3339 with its offset', () => {
    const pulledAt = new Date('2026-11-20T15:00:00Z');
    const posted = { ...pending, status: 'POSTED' as const, postingDateTime: '2026-11-21T02:00:00Z' };
    // Before 2026-12-03 read by Date.parse: without its offset, in the server's time zone.
    for (const time of [
      '2026-11-19T23:30:00',
      '2026-11-19',
      '20 Nov 2026 01:30 GMT',
      '+010000-01-01T00:00:00Z',
      // Days the month does not have: before 2026-12-04 read as 2 March and 1 May.
      '2026-02-30T10:00:00Z',
      '2026-04-31T00:00:00+10:00',
      '2026-02-29T10:00:00Z',
    ])
      expect(mapCdsTransaction({ ...posted, executionDateTime: time }, pulledAt), time).toMatchObject({
        transactionDate: '2026-11-21',
      });
    expect(
      mapCdsTransaction({ ...posted, executionDateTime: '2026-11-20T01:30:00.123+11:00' }, pulledAt),
    ).toMatchObject({ transactionDate: '2026-11-20' });
  });

  it('takes the next of a transaction’s times when one lies before 1900 or over a year after the pull', () => {
    const pulledAt = new Date('2026-11-20T15:00:00Z');
    const posted = { ...pending, status: 'POSTED' as const, postingDateTime: '2026-11-21T02:00:00Z' };
    // Before 2026-12-03 it was dated 9999-12-31 (file imports refuse dates after next year).
    expect(
      mapCdsTransaction({ ...posted, executionDateTime: '9999-12-31T00:00:00Z' }, pulledAt),
    ).toMatchObject({
      transactionDate: '2026-11-21',
      postDate: '2026-11-21',
    });
    expect(
      mapCdsTransaction({ ...posted, executionDateTime: '1899-12-31T00:00:00Z' }, pulledAt),
    ).toMatchObject({
      transactionDate: '2026-11-21',
    });
    // Within the year after the pull, a time is taken (a hold dated ahead by its holder).
    expect(
      mapCdsTransaction({ ...posted, executionDateTime: '2027-11-19T02:00:00Z' }, pulledAt),
    ).toMatchObject({
      transactionDate: '2027-11-19',
    });
    // A posting time out of range is no posting date; a pending one with no other time takes the pull's day.
    expect(
      mapCdsTransaction(
        { ...posted, executionDateTime: '2026-11-19T02:00:00Z', postingDateTime: '9999-12-31T00:00:00Z' },
        pulledAt,
      ),
    ).toMatchObject({ transactionDate: '2026-11-19', postDate: null });
    expect(
      mapCdsTransaction({ ...pending, executionDateTime: '9999-12-31T00:00:00Z' }, pulledAt),
    ).toMatchObject({
      transactionDate: '2026-11-21',
    });
  });

  it('treats money coming in as a credit', () => {
    expect(mapCdsTransaction({ ...pending, amount: '3860.00' }).baseType).toBe('credit');
  });

  it('numbers identical transactions without an id in the holder’s order, the first keeping its fingerprint', () => {
    // Two $3.20 Opal taps the bank posted at the same midnight, with neither id nor execution time.
    const { transactionId: _id, executionDateTime: _time, ...bare } = pending;
    const tap: CdsTransaction = {
      ...bare,
      status: 'POSTED',
      description: 'TRANSPORT NSW OPAL',
      amount: '-3.20',
      postingDateTime: '2026-11-19T00:00:00+11:00',
    };
    const fingerprint = mapCdsTransaction(tap).externalId;
    const other = { ...tap, amount: '-4.10' };
    const withId = { ...tap, transactionId: 'h1' };
    const ids = mapCdsTransactions([tap, other, withId, tap, withId, tap]).map((t) => t.externalId);
    // Before 2026-12-04 the three taps had one id, and the pull kept one of them.
    expect(ids).toEqual([
      fingerprint,
      mapCdsTransaction(other).externalId,
      'h1',
      `${fingerprint}#2`,
      'h1',
      `${fingerprint}#3`,
    ]);
    expect(ids.filter((id) => numberedFingerprint.test(id))).toEqual([
      `${fingerprint}#2`,
      `${fingerprint}#3`,
    ]);
    // A lone one keeps its fingerprint, as stored before.
    expect(mapCdsTransactions([tap])[0]?.externalId).toBe(fingerprint);
  });
});
