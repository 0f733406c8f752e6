/** The CDS product categories the holder's accounts and products use. */
export type ProductCategory =
  | 'TRANS_AND_SAVINGS_ACCOUNTS'
  | 'TERM_DEPOSITS'
  | 'CRED_AND_CHRG_CARDS'
  | 'RESIDENTIAL_MORTGAGES'
  | 'PERS_LOANS'
  | 'BUSINESS_LOANS';

export type AccountKind =
  | 'everyday'
  | 'savings'
  | 'credit_card'
  | 'term_deposit'
  | 'mortgage'
  | 'personal_loan'
  | 'business_transaction'
  | 'business_loan'
  | 'offset'
  | 'fixed_mortgage'
  | 'car_loan';

export interface AccountKindDefinition {
  category: ProductCategory;
  /** Product name after the bank's prefix, e.g. "Harbour Everyday Account". */
  productName: string;
  displayName: string;
  specificAccountUType?: 'creditCard' | 'loan' | 'termDeposit';
  /** Rates as CDS RateStrings (a decimal fraction per annum). */
  depositRate?: string;
  lendingRate?: string;
  /** Balances below zero are what the customer owes. */
  isLiability: boolean;
}

export const accountKinds: Record<AccountKind, AccountKindDefinition> = {
  everyday: {
    category: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Everyday Account',
    displayName: 'Everyday',
    isLiability: false,
  },
  savings: {
    category: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Bonus Saver',
    displayName: 'Savings',
    depositRate: '0.0475',
    isLiability: false,
  },
  credit_card: {
    category: 'CRED_AND_CHRG_CARDS',
    productName: 'Low Rate Visa',
    displayName: 'Visa Credit Card',
    specificAccountUType: 'creditCard',
    lendingRate: '0.1349',
    isLiability: true,
  },
  term_deposit: {
    category: 'TERM_DEPOSITS',
    productName: '12 Month Term Deposit',
    displayName: 'Term Deposit',
    specificAccountUType: 'termDeposit',
    depositRate: '0.0455',
    isLiability: false,
  },
  mortgage: {
    category: 'RESIDENTIAL_MORTGAGES',
    productName: 'Variable Home Loan',
    displayName: 'Home Loan',
    specificAccountUType: 'loan',
    lendingRate: '0.0624',
    isLiability: true,
  },
  personal_loan: {
    category: 'PERS_LOANS',
    productName: 'Personal Loan',
    displayName: 'Personal Loan',
    specificAccountUType: 'loan',
    lendingRate: '0.1195',
    isLiability: true,
  },
  business_transaction: {
    category: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Business Transaction Account',
    displayName: 'Business Everyday',
    isLiability: false,
  },
  business_loan: {
    category: 'BUSINESS_LOANS',
    productName: 'Business Term Loan',
    displayName: 'Business Loan',
    specificAccountUType: 'loan',
    lendingRate: '0.0899',
    isLiability: true,
  },
  offset: {
    category: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Mortgage Offset Account',
    displayName: 'Offset',
    isLiability: false,
  },
  fixed_mortgage: {
    category: 'RESIDENTIAL_MORTGAGES',
    productName: 'Fixed Rate Home Loan',
    displayName: 'Fixed Home Loan',
    specificAccountUType: 'loan',
    lendingRate: '0.0589',
    isLiability: true,
  },
  car_loan: {
    category: 'PERS_LOANS',
    productName: 'Car Loan',
    displayName: 'Car Loan',
    specificAccountUType: 'loan',
    lendingRate: '0.0899',
    isLiability: true,
  },
};
