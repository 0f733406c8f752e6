import type { HolderAccount } from './holder-account.ts';
import type { SeededRandom } from './seeded-random.ts';

export type CdsTransactionType =
  | 'DIRECT_DEBIT'
  | 'FEE'
  | 'INTEREST_CHARGED'
  | 'INTEREST_PAID'
  | 'OTHER'
  | 'PAYMENT'
  | 'TRANSFER_INCOMING'
  | 'TRANSFER_OUTGOING';

/** One transaction of one day, before it gets its id, times and status. */
export interface TransactionDraft {
  type: CdsTransactionType;
  description: string;
  amountCents: number;
  /** Days from execution to posting: card purchases post later, so they are PENDING first. */
  postingLagDays: number;
  merchantName?: string;
  merchantCategoryCode?: string;
  billerCode?: string;
  billerName?: string;
  crn?: string;
}

export interface GenerationDay {
  account: HolderAccount;
  /** YYYY-MM-DD (UTC calendar day). */
  date: string;
  /** Days since 1970-01-01: fixes weekly and fortnightly rhythms independent of the window. */
  dayNumber: number;
  dayOfMonth: number;
  /** 1–12. */
  month: number;
  random: SeededRandom;
}

export type DayGenerator = (day: GenerationDay) => TransactionDraft[];

/** A card purchase at a merchant: a PAYMENT that is pending for one to three days. */
export function cardPurchase(
  random: SeededRandom,
  merchant: { name: string; mcc: string; minCents: number; maxCents: number },
): TransactionDraft {
  return {
    type: 'PAYMENT',
    description: `${merchant.name.toUpperCase()} CARD PURCHASE`,
    amountCents: -random.int(merchant.minCents, merchant.maxCents),
    postingLagDays: random.int(1, 3),
    merchantName: merchant.name,
    merchantCategoryCode: merchant.mcc,
  };
}

export function transfer(
  type: 'TRANSFER_INCOMING' | 'TRANSFER_OUTGOING',
  description: string,
  cents: number,
) {
  const amountCents = type === 'TRANSFER_INCOMING' ? Math.abs(cents) : -Math.abs(cents);
  return { type, description, amountCents, postingLagDays: 0 } satisfies TransactionDraft;
}
