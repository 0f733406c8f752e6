import type { Transaction } from '@waratah/contracts';

/** A posted debit at Woolworths unless told otherwise, as `GET api/v2/transactions` lists it. */
export function buildTransaction(overrides: Partial<Transaction> & { id: number }): Transaction {
  return {
    account_id: 11,
    base_type: 'debit',
    status: 'posted',
    transaction_date: '2026-11-02',
    post_date: null,
    amount: { amount: '-42.50', currency: 'AUD' },
    description: { original: 'WOOLWORTHS 1234 SYDNEY', simple: 'Woolworths', user: null },
    budget_category: 'living',
    category: { id: 3, name: 'Groceries' },
    merchant: { name: 'Woolworths' },
    included: true,
    memo: null,
    user_tags: [],
    external_id: null,
    ...overrides,
  };
}
