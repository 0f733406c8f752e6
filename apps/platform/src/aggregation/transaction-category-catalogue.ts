import type { BudgetCategory, CategoryType } from '@waratah/contracts';

export interface CategoryDefinition {
  id: number;
  key: string;
  name: string;
  category_type: CategoryType;
  default_budget_category: BudgetCategory;
}

/** The fixed transaction categories (ids are stable: clients and the demo data refer to them). */
export const transactionCategoryCatalogue: readonly CategoryDefinition[] = [
  {
    id: 1,
    key: 'SALARY',
    name: 'Salary and wages',
    category_type: 'income',
    default_budget_category: 'income',
  },
  {
    id: 2,
    key: 'OTHER_INCOME',
    name: 'Other income',
    category_type: 'income',
    default_budget_category: 'income',
  },
  {
    id: 3,
    key: 'GOVERNMENT_BENEFITS',
    name: 'Government benefits',
    category_type: 'income',
    default_budget_category: 'income',
  },
  {
    id: 4,
    key: 'INTEREST_INCOME',
    name: 'Interest',
    category_type: 'income',
    default_budget_category: 'income',
  },
  { id: 10, key: 'RENT', name: 'Rent', category_type: 'expense', default_budget_category: 'living' },
  {
    id: 11,
    key: 'MORTGAGE',
    name: 'Mortgage repayments',
    category_type: 'expense',
    default_budget_category: 'living',
  },
  {
    id: 12,
    key: 'GROCERIES',
    name: 'Groceries',
    category_type: 'expense',
    default_budget_category: 'living',
  },
  {
    id: 13,
    key: 'UTILITIES',
    name: 'Utilities',
    category_type: 'expense',
    default_budget_category: 'living',
  },
  {
    id: 14,
    key: 'TELCO',
    name: 'Phone and internet',
    category_type: 'expense',
    default_budget_category: 'living',
  },
  {
    id: 15,
    key: 'INSURANCE',
    name: 'Insurance',
    category_type: 'expense',
    default_budget_category: 'living',
  },
  {
    id: 16,
    key: 'TRANSPORT',
    name: 'Transport and fuel',
    category_type: 'expense',
    default_budget_category: 'living',
  },
  {
    id: 17,
    key: 'LOAN_REPAYMENTS',
    name: 'Loan repayments',
    category_type: 'expense',
    default_budget_category: 'living',
  },
  {
    id: 20,
    key: 'DINING',
    name: 'Eating out and takeaway',
    category_type: 'expense',
    default_budget_category: 'lifestyle',
  },
  {
    id: 21,
    key: 'SUBSCRIPTIONS',
    name: 'Subscriptions',
    category_type: 'expense',
    default_budget_category: 'lifestyle',
  },
  {
    id: 22,
    key: 'SHOPPING',
    name: 'Shopping',
    category_type: 'expense',
    default_budget_category: 'lifestyle',
  },
  {
    id: 23,
    key: 'GAMBLING',
    name: 'Gambling',
    category_type: 'expense',
    default_budget_category: 'lifestyle',
  },
  {
    id: 24,
    key: 'BNPL',
    name: 'Buy now pay later',
    category_type: 'expense',
    default_budget_category: 'lifestyle',
  },
  {
    id: 25,
    key: 'ENTERTAINMENT',
    name: 'Entertainment',
    category_type: 'expense',
    default_budget_category: 'lifestyle',
  },
  {
    id: 30,
    key: 'FEES',
    name: 'Bank fees and dishonours',
    category_type: 'expense',
    default_budget_category: 'one_off',
  },
  { id: 31, key: 'TRAVEL', name: 'Travel', category_type: 'expense', default_budget_category: 'one_off' },
  { id: 32, key: 'MEDICAL', name: 'Medical', category_type: 'expense', default_budget_category: 'one_off' },
  {
    id: 33,
    key: 'CASH',
    name: 'Cash withdrawals',
    category_type: 'expense',
    default_budget_category: 'one_off',
  },
  {
    id: 40,
    key: 'SAVINGS_TRANSFER',
    name: 'Savings',
    category_type: 'transfer',
    default_budget_category: 'goals',
  },
  {
    id: 41,
    key: 'TRANSFER',
    name: 'Transfers',
    category_type: 'transfer',
    default_budget_category: 'one_off',
  },
  {
    id: 99,
    key: 'UNCATEGORISED',
    name: 'Uncategorised',
    category_type: 'uncategorize',
    default_budget_category: 'one_off',
  },
];

export const categoryIdByKey = Object.fromEntries(
  transactionCategoryCatalogue.map((category) => [category.key, category.id]),
) as Record<string, number>;
