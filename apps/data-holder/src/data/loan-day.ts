import type { DayGenerator } from './transaction-draft.ts';
import { transfer } from './transaction-draft.ts';

/** Mortgages and loans: a repayment on the 1st and interest charged at the end of the month. */
export const loanDay: DayGenerator = ({ account, dayOfMonth }) => {
  if (dayOfMonth === 1) return [transfer('TRANSFER_INCOMING', 'LOAN REPAYMENT', account.repaymentCents)];
  if (dayOfMonth === 28) {
    const interest = Math.round(
      (-account.openingBalanceCents * Number(account.definition.lendingRate ?? '0')) / 12,
    );
    return [
      {
        type: 'INTEREST_CHARGED',
        description: 'INTEREST CHARGED',
        amountCents: -interest,
        postingLagDays: 0,
      },
    ];
  }
  return [];
};
