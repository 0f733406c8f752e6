import type { BudgetCategory } from '@waratah/contracts';
import {
  categoryIdByKey,
  transactionCategoryCatalogue,
} from '../aggregation/transaction-category-catalogue.ts';

export interface Categorisation {
  categoryId: number;
  budgetCategory: BudgetCategory;
  /**
   * Whether the transaction counts in budgets, reports and the passport's income and expenses. A
   * move between the client's own accounts is counted once, where the money left the everyday
   * account (a home-loan repayment as living, a transfer to savings as goals); its other side (the
   * loan's or card's repayment received, the savings account's transfer in) starts excluded, as
   * does a loan's interest (paid through the repayment). The client may include it again.
   */
  included: boolean;
}

/** Merchant category codes (ISO 18245) the holders give on card purchases. */
const byMerchantCategoryCode: Record<string, string> = {
  '5411': 'GROCERIES',
  '5499': 'GROCERIES',
  '5141': 'GROCERIES',
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
  '7997': 'ENTERTAINMENT',
  '4899': 'SUBSCRIPTIONS',
  '5200': 'SHOPPING',
  '5300': 'SHOPPING',
  '5311': 'SHOPPING',
  '5651': 'SHOPPING',
  '5732': 'SHOPPING',
  '5942': 'SHOPPING',
  '5943': 'SHOPPING',
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
  [/\b(atm|cash withdrawal)\b/i, 'CASH'],
  // Bounded: `[a-z ]*` tried again from each "to" of a long description took seconds (2026-12-02).
  [/\b(to savings|savings transfer|to [a-z ]{0,40}saver)\b/i, 'SAVINGS_TRANSFER'],
  [/\btransfer\b/i, 'TRANSFER'],
];

/** A transfer between the client's own accounts, seen from the account that received or returned it. */
const ownTransfer =
  /\b(transfer (from|to) (everyday|savings|offset|cheque|transaction)|payment received|thank you|credit card payment)\b/i;

const catalogueByKey = new Map(transactionCategoryCatalogue.map((category) => [category.key, category]));

/** Words of a payment into a card or loan that pays it off, whatever else the description names. */
const repayment = /\b(payment|repayment|bpay|transfer|direct debit)\b/i;

/** The words of money given back: a refund, or a charge reversed. */
const refundWords = /\b(refund|reversal)\b/i;

/** Spending that money into a card or loan never refunds: it is how the debt itself is paid. */
const debtCategories: ReadonlySet<string> = new Set(['MORTGAGE', 'LOAN_REPAYMENTS', 'BNPL']);

/**
 * Whether money into a card or loan that no merchant category code names is a refund, not a
 * repayment: its description says so, or names a merchant's spending category, and has none of a
 * repayment's words. A file's rows never carry a code, and CDS gives one on purchases only, so
 * before 2026-12-03 every such refund was a transfer, excluded: the purchase counted, its refund
 * did not.
 */
function isRefund(description: string, key: string): boolean {
  if (repayment.test(description) || ownTransfer.test(description)) return false;
  if (refundWords.test(description)) return true;
  return catalogueByKey.get(key)?.category_type === 'expense' && !debtCategories.has(key);
}

const liabilityContainers: ReadonlySet<string> = new Set(['credit_card', 'loan']);

/** The description's category: the merchant category code where the holder gives one, else its words. */
function categoryKeyOf(transaction: { description: string; merchantCategoryCode: string | null }) {
  const fromCode = transaction.merchantCategoryCode
    ? byMerchantCategoryCode[transaction.merchantCategoryCode]
    : undefined;
  return fromCode ?? byDescription.find(([pattern]) => pattern.test(transaction.description))?.[1];
}

/**
 * A first category for a transaction the platform has not seen before, from the merchant category
 * code where the holder gives one, else from the description and the kind of account it is on; the
 * client may change it later, and a refresh never overwrites it.
 */
export function categoriseTransaction(
  transaction: { amount: string; description: string; merchantCategoryCode: string | null },
  account: { container: string },
): Categorisation {
  const credit = !transaction.amount.startsWith('-');
  const liability = liabilityContainers.has(account.container);
  let key = categoryKeyOf(transaction) ?? (credit ? 'OTHER_INCOME' : 'UNCATEGORISED');
  let included = true;
  const type = catalogueByKey.get(key)?.category_type;
  if (liability && credit && !transaction.merchantCategoryCode) {
    if (isRefund(transaction.description, key)) {
      // A refund nets its purchase in the merchant's category, or in none when it names no merchant;
      // interest given back nets the interest charged, a fee, counted as that was (a loan's is not).
      if (key === 'INTEREST_INCOME') {
        key = 'FEES';
        included = account.container !== 'loan';
      } else if (type !== 'expense') key = 'UNCATEGORISED';
    } else {
      // Money into a loan or card otherwise is a repayment, not income: counted where it was paid from.
      key = 'TRANSFER';
      included = false;
    }
  } else if (type === 'income' && !credit) {
    // Money out is never income: interest charged is a cost, wages paid by a business an outgoing.
    key = /\binterest\b/i.test(transaction.description) ? 'FEES' : 'UNCATEGORISED';
    included = account.container !== 'loan';
  } else if (!liability && ownTransfer.test(transaction.description) && key !== 'SAVINGS_TRANSFER') {
    key = 'TRANSFER';
    included = false;
  } else if (credit && type === 'income' && refundWords.test(transaction.description)) {
    // Money given back is not income, on any account, as on a card without a code above: it nets
    // the purchase or the charge it undoes, in no category when it names no merchant (interest
    // given back nets the interest charged, a fee). Before 2026-12-03 a refund into a bank account
    // that named no merchant ("REFUND JB HI-FI", a file's rows carrying no code) was other income,
    // counted in the passport's income and savings rate.
    key = key === 'INTEREST_INCOME' ? 'FEES' : 'UNCATEGORISED';
    included = key !== 'FEES' || account.container !== 'loan';
  }
  const category = catalogueByKey.get(key) ?? catalogueByKey.get('UNCATEGORISED');
  return {
    categoryId: categoryIdByKey[key] ?? categoryIdByKey.UNCATEGORISED ?? 99,
    budgetCategory: category?.default_budget_category ?? 'one_off',
    included,
  };
}
