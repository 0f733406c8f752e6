import type { DayGenerator, TransactionDraft } from './transaction-draft.ts';
import { transfer } from './transaction-draft.ts';

function monthlyInterest(openingCents: number, rate: string | undefined): number {
  return Math.round((openingCents * Number(rate ?? '0')) / 12);
}

/** Savings: the monthly transfer in from the everyday account, interest, and the odd withdrawal. */
export const savingsDay: DayGenerator = ({ account, dayOfMonth, random }) => {
  const drafts: TransactionDraft[] = [];
  if (dayOfMonth === 2) {
    drafts.push(
      transfer('TRANSFER_INCOMING', 'TRANSFER FROM EVERYDAY', Math.round(account.profile.salaryCents * 0.25)),
    );
  }
  if (dayOfMonth === 28) {
    const interest = monthlyInterest(account.openingBalanceCents, account.definition.depositRate);
    drafts.push({
      type: 'INTEREST_PAID',
      description: 'BONUS INTEREST',
      amountCents: interest,
      postingLagDays: 0,
    });
  }
  if (random.chance(0.01))
    drafts.push(transfer('TRANSFER_OUTGOING', 'TRANSFER TO EVERYDAY', random.int(50, 800) * 100));
  return drafts;
};

/** Term deposits: interest paid quarterly, nothing else. */
export const termDepositDay: DayGenerator = ({ account, dayOfMonth, month }) => {
  if (dayOfMonth !== 1 || month % 3 !== 1) return [];
  const interest = 3 * monthlyInterest(account.openingBalanceCents, account.definition.depositRate);
  return [
    { type: 'INTEREST_PAID', description: 'TERM DEPOSIT INTEREST', amountCents: interest, postingLagDays: 0 },
  ];
};

/** A mortgage offset account: savings parked against the loan (no interest of its own), and the odd withdrawal. */
export const offsetDay: DayGenerator = ({ account, dayOfMonth, random }) => {
  const drafts: TransactionDraft[] = [];
  if (dayOfMonth === 3) {
    drafts.push(
      transfer('TRANSFER_INCOMING', 'TRANSFER FROM EVERYDAY', Math.round(account.profile.salaryCents * 0.15)),
    );
  }
  if (random.chance(0.02))
    drafts.push(transfer('TRANSFER_OUTGOING', 'TRANSFER TO EVERYDAY', random.int(100, 1_500) * 100));
  return drafts;
};
