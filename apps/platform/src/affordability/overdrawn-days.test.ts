import { describe, expect, it } from 'vitest';
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
});
