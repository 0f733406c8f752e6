import type { AccountKind, AccountKindDefinition } from './account-kinds.ts';
import type { CustomerProfile } from './customer-profile.ts';

/** One generated account, before it is shaped into a CDS response. */
export interface HolderAccount {
  accountId: string;
  bankId: string;
  customerId: string;
  kind: AccountKind;
  definition: AccountKindDefinition;
  profile: CustomerProfile;
  productId: string;
  productName: string;
  displayName: string;
  nickname?: string;
  creationDate: string;
  openStatus: 'OPEN' | 'CLOSED';
  isOwned: boolean;
  accountOwnership: 'ONE_PARTY' | 'TWO_PARTY';
  bsb: string;
  accountNumber: string;
  maskedNumber: string;
  /** How far back transactions go, 12 to 24 months. */
  historyMonths: number;
  /** The balance just before the first served transaction, in cents. */
  openingBalanceCents: number;
  creditLimitCents: number;
  /** Loans: the amount first borrowed, in cents. */
  originalAmountCents: number;
  /** A fixed monthly repayment (loans) or fortnightly instalment (BNPL), in cents. */
  repaymentCents: number;
  /**
   * Everyday accounts: the monthly repayment of the customer's home loan at the same bank, so the
   * money leaving the everyday account is what the loan receives; absent when the loan is elsewhere.
   */
  homeLoanRepaymentCents?: number;
  /** Everyday accounts: the credit card at the same bank whose statement they pay on the 14th. */
  paysCard?: HolderAccount;
}
