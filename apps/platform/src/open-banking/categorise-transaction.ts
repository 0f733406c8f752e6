import type { BudgetCategory } from '@waratah/contracts';
import {
  categoryIdByKey,
  transactionCategoryCatalogue,
} from '../aggregation/transaction-category-catalogue.ts';

export interface Categorisation {
  categoryId: number;
  budgetCategory: BudgetCategory;
}

/** Merchant category codes (ISO 18245) the holders give on card purchases. */
const byMerchantCategoryCode: Record<string, string> = {
  '5411': 'GROCERIES',
  '5499': 'GROCERIES',
  '5812': 'DINING',
  '5813': 'DINING',
  '5814': 'DINING',
  '5541': 'TRANSPORT',
  '5542': 'TRANSPORT',
  '4111': 'TRANSPORT',
  '4121': 'TRANSPORT',
  '7995': 'GAMBLING',
  '4814': 'TELCO',
  '4900': 'UTILITIES',
  '6300': 'INSURANCE',
  '8011': 'MEDICAL',
  '8062': 'MEDICAL',
  '5912': 'MEDICAL',
  '4511': 'TRAVEL',
  '7011': 'TRAVEL',
  '7832': 'ENTERTAINMENT',
  '4899': 'SUBSCRIPTIONS',
  '5311': 'SHOPPING',
  '5651': 'SHOPPING',
  '5732': 'SHOPPING',
};

/** Words in a description, tried in order; the first that matches wins. */
const byDescription: [RegExp, string][] = [
  [/\b(salary|wages|payroll)\b/i, 'SALARY'],
  [/\b(centrelink|services australia)\b/i, 'GOVERNMENT_BENEFITS'],
  [/\binterest\b/i, 'INTEREST_INCOME'],
  [/\brent\b/i, 'RENT'],
  [/\b(mortgage|home loan)\b/i, 'MORTGAGE'],
  [/\b(loan repayment|personal loan)\b/i, 'LOAN_REPAYMENTS'],
  [/\b(afterpay|zip pay|zip money|zippay|humm|klarna)\b/i, 'BNPL'],
  [/\b(sportsbet|tab|ladbrokes|bet365|lotto)\b/i, 'GAMBLING'],
  [/\b(woolworths|coles|aldi|iga)\b/i, 'GROCERIES'],
  [/\b(agl|origin energy|energyaustralia|sydney water)\b/i, 'UTILITIES'],
  [/\b(telstra|optus|vodafone)\b/i, 'TELCO'],
  [/\b(nrma|insurance)\b/i, 'INSURANCE'],
  [/\b(netflix|spotify|stan|disney)\b/i, 'SUBSCRIPTIONS'],
  [/\b(fee|dishonour)\b/i, 'FEES'],
  [/\b(to savings|savings transfer)\b/i, 'SAVINGS_TRANSFER'],
  [/\b(transfer|atm)\b/i, 'TRANSFER'],
];

const budgetByKey = new Map(
  transactionCategoryCatalogue.map((category) => [category.key, category.default_budget_category]),
);

/**
 * A first category for a transaction the platform has not seen before, from the merchant category
 * code where the holder gives one, else from the description; the client may change it later, and
 * a refresh never overwrites it.
 */
export function categoriseTransaction(transaction: {
  amount: string;
  description: string;
  merchantCategoryCode: string | null;
}): Categorisation {
  const fromCode = transaction.merchantCategoryCode
    ? byMerchantCategoryCode[transaction.merchantCategoryCode]
    : undefined;
  const fromWords = byDescription.find(([pattern]) => pattern.test(transaction.description))?.[1];
  let key = fromCode ?? fromWords ?? 'UNCATEGORISED';
  if (key === 'UNCATEGORISED' && !transaction.amount.startsWith('-')) key = 'OTHER_INCOME';
  const categoryId = categoryIdByKey[key] ?? categoryIdByKey.UNCATEGORISED ?? 99;
  return { categoryId, budgetCategory: budgetByKey.get(key) ?? 'one_off' };
}
