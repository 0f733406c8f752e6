import { describe, expect, it } from 'vitest';
import type { CdsTransaction } from './cds-schemas.ts';
import { mapCdsTransaction } from './map-cds-transaction.ts';

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

  it('treats money coming in as a credit', () => {
    expect(mapCdsTransaction({ ...pending, amount: '3860.00' }).baseType).toBe('credit');
  });
});
