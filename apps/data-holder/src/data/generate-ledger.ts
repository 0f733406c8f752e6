import type { AccountKind } from './account-kinds.ts';
import { businessDay } from './business-day.ts';
import { creditCardDay } from './credit-card-day.ts';
import { offsetDay, savingsDay, termDepositDay } from './deposit-day.ts';
import { everydayDay } from './everyday-day.ts';
import type { HolderAccount } from './holder-account.ts';
import { loanDay } from './loan-day.ts';
import { createSeededRandom, stableHash } from './seeded-random.ts';
import type { DayGenerator, TransactionDraft } from './transaction-draft.ts';

const dayMs = 86_400_000;

const generators: Record<AccountKind, DayGenerator> = {
  everyday: everydayDay,
  savings: savingsDay,
  credit_card: creditCardDay,
  term_deposit: termDepositDay,
  mortgage: loanDay,
  personal_loan: loanDay,
  business_transaction: businessDay,
  business_loan: loanDay,
  offset: offsetDay,
  fixed_mortgage: loanDay,
  car_loan: loanDay,
};

/** A generated transaction with its stable id and times (epoch ms); its status depends on the clock. */
export interface LedgerEntry extends TransactionDraft {
  transactionId: string;
  accountId: string;
  reference: string;
  executedAt: number;
  postedAt: number;
}

/** The first day served: historyMonths before today, on the same day of the month. */
export function historyStart(account: HolderAccount, now: Date): number {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - account.historyMonths, now.getUTCDate()),
  );
  return start.getTime();
}

/**
 * Every transaction from the history start up to the end of today. Each day is generated from a
 * seed of account and date alone, so a day's transactions, ids included, never change with the
 * window or the run; a closed account stopped trading six months ago.
 */
export function generateLedger(account: HolderAccount, now: Date): LedgerEntry[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const last = account.openStatus === 'CLOSED' ? today - 183 * dayMs : today;
  const entries: LedgerEntry[] = [];
  for (let day = historyStart(account, now); day <= last; day += dayMs) {
    const date = new Date(day);
    const isoDate = date.toISOString().slice(0, 10);
    const random = createSeededRandom(`${account.accountId}:${isoDate}`);
    const drafts = generators[account.kind]({
      account,
      date: isoDate,
      dayNumber: day / dayMs,
      dayOfMonth: date.getUTCDate(),
      month: date.getUTCMonth() + 1,
      random,
    });
    drafts.forEach((draft, index) => {
      const id = stableHash(`${account.accountId}:${isoDate}:${index}`, 20);
      const executedAt = day + random.int(7 * 60, 21 * 60) * 60_000 - 10 * 3_600_000;
      entries.push({
        ...draft,
        transactionId: `txn-${id}`,
        accountId: account.accountId,
        reference:
          draft.type === 'PAYMENT' || draft.type === 'DIRECT_DEBIT' ? id.slice(0, 12).toUpperCase() : '',
        executedAt,
        postedAt: executedAt + draft.postingLagDays * dayMs,
      });
    });
  }
  return entries;
}
