import type { AccountType } from './aggregation-enums.ts';

/**
 * Each account type in words, as the portal's account lists and the platform's PDFs print it
 * ("Superannuation", not `super_annuation`): one list for both, so a document reads as the page.
 */
export const accountTypeLabels: Readonly<Record<AccountType, string>> = {
  auto_insurance: 'Car insurance',
  bank_account: 'Bank account',
  balance_transfer_card: 'Balance transfer card',
  bills: 'Bills',
  bonds: 'Bonds',
  business: 'Business account',
  business_loan: 'Business loan',
  car_loan: 'Car loan',
  cash: 'Cash',
  cash_management: 'Cash management account',
  cheque_account: 'Cheque account',
  collection: 'Collection',
  commercial_bill: 'Commercial bill',
  contents_insurance: 'Contents insurance',
  contingent_liability: 'Contingent liability',
  credit_card: 'Credit card',
  credit_score: 'Credit score',
  cryptocurrency: 'Cryptocurrency',
  emergency_fund: 'Emergency fund',
  health_insurance: 'Health insurance',
  health_score: 'Health score',
  hire_purchase: 'Hire purchase',
  home_content: 'Home and contents',
  home_insurance: 'Home insurance',
  insurance: 'Insurance',
  intellectual_property: 'Intellectual property',
  investment: 'Investment',
  investment_home_loan_fixed: 'Investment home loan (fixed)',
  investment_home_loan_variable: 'Investment home loan (variable)',
  lease: 'Lease',
  life_insurance: 'Life insurance',
  line_of_credit: 'Line of credit',
  loan: 'Loan',
  managed_funds: 'Managed funds',
  margin: 'Margin loan',
  mortgage: 'Mortgage',
  mortgage_fixed: 'Mortgage (fixed)',
  mortgage_variable: 'Mortgage (variable)',
  offset: 'Offset account',
  other: 'Other',
  overdraft: 'Overdraft',
  p2p_lending: 'Peer-to-peer lending',
  pension: 'Pension',
  personal: 'Personal',
  prepaid: 'Prepaid card',
  property: 'Property',
  reward: 'Rewards',
  rewards_card: 'Rewards card',
  savings: 'Savings account',
  shares: 'Shares',
  stock_machinery: 'Stock and machinery',
  store_card: 'Store card',
  student_loan: 'Student loan',
  super_annuation: 'Superannuation',
  tax_debt: 'Tax debt',
  term_deposit: 'Term deposit',
  term_loan: 'Term loan',
  trade_tools: 'Tools of trade',
  travel: 'Travel card',
  travel_insurance: 'Travel insurance',
  vehicle: 'Vehicle',
  trade_finance: 'Trade finance',
};

/** An account's type in words; a type not in the list (none is, today) as its code with spaces. */
export function accountTypeLabel(type: string): string {
  return Object.hasOwn(accountTypeLabels, type)
    ? accountTypeLabels[type as AccountType]
    : type.replace(/_/g, ' ');
}
