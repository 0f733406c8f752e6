import { addDays, daysBetween } from '../aggregation/calendar-date.ts';

/**
 * Days in [from, to] on which an account closed below zero. End-of-day balances are walked back
 * from today's balance by undoing each later transaction, in whole cents. A balance holds from one
 * day with transactions back to the next, so the days between are counted by date arithmetic: the
 * work grows with the transactions, not with the length of the range.
 */
export function overdrawnDays(
  currentCents: number,
  transactions: readonly { date: string; cents: number }[],
  range: { from: string; to: string },
): number {
  const byDate = new Map<string, number>();
  for (const tx of transactions) byDate.set(tx.date, (byDate.get(tx.date) ?? 0) + tx.cents);
  // Newest first. `balance` is the closing balance of every day from the next date back to `last`.
  const dates = [...byDate.keys()].sort().reverse();
  let balance = currentCents;
  let last = range.to;
  let count = 0;
  for (const date of dates) {
    if (date < range.from) break;
    // A date after the range (or after `last`) only moves the balance.
    if (date <= last) {
      if (balance < 0) count += daysBetween(date, last) + 1;
      last = addDays(date, -1);
    }
    balance -= byDate.get(date) ?? 0;
  }
  if (balance < 0 && range.from <= last) count += daysBetween(range.from, last) + 1;
  return count;
}
