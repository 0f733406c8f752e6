import { addDays } from '../aggregation/calendar-date.ts';

/**
 * Days in [from, to] on which an account closed below zero. End-of-day balances are walked back
 * from today's balance by undoing each later transaction, in whole cents.
 */
export function overdrawnDays(
  currentCents: number,
  transactions: readonly { date: string; cents: number }[],
  range: { from: string; to: string },
): number {
  const byDate = new Map<string, number>();
  let latest = range.to;
  for (const tx of transactions) {
    byDate.set(tx.date, (byDate.get(tx.date) ?? 0) + tx.cents);
    if (tx.date > latest) latest = tx.date;
  }
  let balance = currentCents;
  let count = 0;
  for (let date = latest; date >= range.from; date = addDays(date, -1)) {
    if (date <= range.to && balance < 0) count++;
    balance -= byDate.get(date) ?? 0;
  }
  return count;
}
