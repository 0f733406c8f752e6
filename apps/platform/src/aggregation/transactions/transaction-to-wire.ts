import type { BudgetCategory, Transaction } from '@waratah/contracts';
import type { TransactionRow } from './select-transactions.ts';

export function transactionToWire(row: TransactionRow): Transaction {
  return {
    id: row.id,
    account_id: row.account_id,
    base_type: row.base_type,
    status: row.status,
    transaction_date: row.transaction_date,
    post_date: row.post_date,
    amount: { amount: row.amount, currency: row.currency },
    description: {
      original: row.description_original,
      simple: row.description_simple,
      user: row.description_user,
    },
    budget_category: row.budget_category as BudgetCategory,
    category:
      row.category_id === null || row.category_name === null
        ? null
        : { id: row.category_id, name: row.category_name },
    merchant: row.merchant_name === null ? null : { name: row.merchant_name },
    included: row.included,
    memo: row.memo,
    user_tags: row.tags,
    external_id: row.external_id,
  };
}
