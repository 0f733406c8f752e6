import { describe, expect, it } from 'vitest';
import { addDays } from '../aggregation/calendar-date.ts';
import { overdrawnDays } from './overdrawn-days.ts';

describe('overdrawnDays', () => {
  it('walks the balance back from today and counts days that closed below zero', () => {
    // Today's balance 50.00; a 100.00 credit on the 10th means the account closed at -50.00 from the 5th to the 9th.
    const transactions = [
      { date: '2026-03-05', cents: -8_000 },
      { date: '2026-03-10', cents: 10_000 },
    ];
    expect(overdrawnDays(5_000, transactions, { from: '2026-03-01', to: '2026-03-31' })).toBe(5);
  });

  it('undoes transactions after the range without counting their days', () => {
    expect(
      overdrawnDays(-1_000, [{ date: '2026-04-02', cents: -2_000 }], {
        from: '2026-03-30',
        to: '2026-03-31',
      }),
    ).toBe(0);
  });

  it('counts the whole range of an account overdrawn throughout, however long', () => {
    // Walking day by day this was 3.6 million steps an account (seconds each); twenty accounts
    // would overrun the test's timeout.
    const range = { from: '0001-01-01', to: '9999-12-31' };
    for (let account = 0; account < 20; account++) {
      const transactions = [
        { date: '1999-12-31', cents: -100 },
        { date: '2026-01-01', cents: 50 },
        { date: '2026-12-01', cents: -25 },
      ];
      // Closing at -10.00, -9.75, -10.25 and -9.25 walking back: every day of the range.
      expect(overdrawnDays(-1_000, transactions, range)).toBe(3_652_059);
      // Closing at 0.24, 0.49, -0.01 and 0.99: overdrawn from the debit of 1999-12-31 to 2025-12-31.
      expect(overdrawnDays(24, transactions, range)).toBe(9_498);
    }
  });

  it('agrees with a day-by-day walk on random accounts', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % below;
    };
    for (let trial = 0; trial < 300; trial++) {
      const transactions = Array.from({ length: random(12) }, () => ({
        date: addDays('2026-01-01', random(60)),
        cents: random(2_001) - 1_000,
      }));
      const from = addDays('2026-01-01', random(70) - 5);
      const range = { from, to: addDays(from, random(40) - 2) };
      const current = random(3_001) - 1_500;
      expect(
        overdrawnDays(current, transactions, range),
        JSON.stringify({ current, transactions, range }),
      ).toBe(walkDayByDay(current, transactions, range));
    }
  });
});

/** The day-by-day walk the function used to be: the oracle for small ranges. */
function walkDayByDay(
  currentCents: number,
  transactions: readonly { date: string; cents: number }[],
  range: { from: string; to: string },
): number {
  let balance = currentCents;
  let count = 0;
  const latest = [range.to, ...transactions.map((tx) => tx.date)].sort().at(-1) ?? range.to;
  for (let date = latest; date >= range.from; date = addDays(date, -1)) {
    if (date <= range.to && balance < 0) count++;
    for (const tx of transactions) if (tx.date === date) balance -= tx.cents;
  }
  return count;
}
