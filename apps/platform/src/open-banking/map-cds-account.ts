import type { AccountType, Container, HolderType } from '@waratah/contracts';
import { importedText } from '../aggregation/imported-text.ts';
import { cdsAmountToDecimal } from './cds-amount.ts';
import type { CdsAccount, CdsBalance } from './cds-schemas.ts';
import type { SourcedAccount } from './data-source.ts';

/** CDS product categories (BankingProductCategoryV2) onto the platform's container and account type. */
const byCategory: Record<string, { container: Container; accountType: AccountType }> = {
  TRANS_AND_SAVINGS_ACCOUNTS: { container: 'bank', accountType: 'bank_account' },
  TERM_DEPOSITS: { container: 'bank', accountType: 'term_deposit' },
  TRAVEL_CARDS: { container: 'bank', accountType: 'travel' },
  REGULATED_TRUST_ACCOUNTS: { container: 'bank', accountType: 'cash_management' },
  OVERDRAFTS: { container: 'bank', accountType: 'overdraft' },
  CRED_AND_CHRG_CARDS: { container: 'credit_card', accountType: 'credit_card' },
  BUY_NOW_PAY_LATER: { container: 'credit_card', accountType: 'line_of_credit' },
  RESIDENTIAL_MORTGAGES: { container: 'loan', accountType: 'mortgage' },
  PERS_LOANS: { container: 'loan', accountType: 'personal' },
  BUSINESS_LOANS: { container: 'loan', accountType: 'business_loan' },
  LEASES: { container: 'loan', accountType: 'lease' },
  TRADE_FINANCE: { container: 'loan', accountType: 'trade_finance' },
  MARGIN_LOANS: { container: 'investment', accountType: 'margin' },
};

function attributesOf(account: CdsAccount): { container: Container; accountType: AccountType } {
  const mapped = byCategory[account.productCategory] ?? { container: 'unknown', accountType: 'other' };
  // CDS has one category for both; the product name is the only sign of a savings account.
  // Likewise offset accounts, car loans and fixed-rate home loans, by the product's name.
  if (mapped.accountType === 'bank_account' && /offset/i.test(account.productName)) {
    return { ...mapped, accountType: 'offset' };
  }
  if (mapped.accountType === 'bank_account' && /sav(er|ings)/i.test(account.productName)) {
    return { ...mapped, accountType: 'savings' };
  }
  if (mapped.accountType === 'personal' && /\b(car|vehicle|auto)\b/i.test(account.productName)) {
    return { ...mapped, accountType: 'car_loan' };
  }
  if (mapped.accountType === 'mortgage' && /\bfixed\b/i.test(account.productName)) {
    return { ...mapped, accountType: 'mortgage_fixed' };
  }
  return mapped;
}

export function mapCdsAccount(
  account: CdsAccount,
  balance: CdsBalance | undefined,
  customerType: 'person' | 'organisation',
): SourcedAccount {
  const holderType: HolderType = customerType === 'organisation' ? 'business' : 'individual';
  return {
    externalId: account.accountId,
    accountName: importedText(account.displayName || account.productName),
    nickName: account.nickname === undefined ? null : importedText(account.nickname),
    accountNumber: account.maskedNumber ? importedText(account.maskedNumber) : null,
    ...attributesOf(account),
    holderType,
    accountStatus: account.openStatus === 'CLOSED' ? 'closed' : 'active',
    currentBalance: balance ? cdsAmountToDecimal(balance.currentBalance) : '0.00',
    availableBalance: balance ? cdsAmountToDecimal(balance.availableBalance) : null,
    currency: balance?.currency ?? 'AUD',
    ...(!balance && { balanceMissing: true }),
  };
}
