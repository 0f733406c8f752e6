import { describe, expect, it } from 'vitest';
import {
  readTransactionFilters,
  readTransactionPagePosition,
  transactionSearchParams,
} from './transaction-filters.ts';

describe('transaction filters in the URL', () => {
  it('reads back every filter it wrote, so a shared view restores exactly', () => {
    const filters = {
      account_ids: '12',
      from_date: '2026-01-01',
      to_date: '2026-03-31',
      budget_category: 'living',
      transaction_category_ids: '7',
      base_type: 'debit',
      min_amount: '-200.00',
      max_amount: '-10',
      search_term: 'woolworths',
    };
    const params = transactionSearchParams(filters, { after: '2026-02-01_9', page: 3 });
    expect(readTransactionFilters(params)).toEqual(filters);
    expect(readTransactionPagePosition(params)).toEqual({ after: '2026-02-01_9', page: 3 });
  });

  it('leaves out values the platform would refuse, keeping the rest', () => {
    const params = new URLSearchParams(
      'from_date=2026-02-30&budget_category=fun&min_amount=abc&account_ids=3&search_term=%20%20',
    );
    expect(readTransactionFilters(params)).toEqual({ account_ids: '3' });
  });

  it('drops the upper bound of a range that is upside down', () => {
    const params = new URLSearchParams('from_date=2026-05-01&to_date=2026-04-01&min_amount=10&max_amount=5');
    expect(readTransactionFilters(params)).toEqual({ from_date: '2026-05-01', min_amount: '10' });
  });

  it('starts on the first page without a cursor, and writes no paging for it', () => {
    expect(readTransactionPagePosition(new URLSearchParams('page=4'))).toEqual({ page: 1 });
    expect(readTransactionPagePosition(new URLSearchParams('after=nonsense&page=4'))).toEqual({ page: 1 });
    expect(transactionSearchParams({ base_type: 'credit' }, { page: 1 }).toString()).toBe('base_type=credit');
  });
});
