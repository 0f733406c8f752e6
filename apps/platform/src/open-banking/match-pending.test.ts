import { describe, expect, it } from 'vitest';
import { comparableDescription, matchPostedToPending } from './match-pending.ts';

const windowStart = '2026-11-01';
let nextId = 1;
const hold = (amount: string, description: string, transactionDate = '2026-11-18') => ({
  id: nextId++,
  amount,
  description,
  transactionDate,
});
const payment = (
  externalId: string,
  amount: string,
  description: string,
  transactionDate = '2026-11-19',
) => ({
  externalId,
  amount,
  description,
  transactionDate,
});

describe('matchPostedToPending', () => {
  it('pairs a payment with its hold by amount, or by description when the amount changed', () => {
    const same = hold('-20.00', 'CORNER STORE');
    const tipped = hold('-50.00', 'THE LOCAL  CAFE');
    const matches = matchPostedToPending(
      [same, tipped],
      [payment('p-same', '-20.00', 'CORNER STORE PTY LTD'), payment('p-tip', '-57.50', 'The Local Cafe')],
      windowStart,
    );
    expect(matches).toEqual(
      new Map([
        [same.id, 'p-same'],
        [tipped.id, 'p-tip'],
      ]),
    );
  });

  it('prefers a hold of the payment’s description to a cancelled one of its amount', () => {
    // A cancelled petrol hold of what the café's payment came to with its tip.
    const petrol = hold('-57.50', 'PETROL');
    const cafe = hold('-50.00', 'CAFE');
    const matches = matchPostedToPending([petrol, cafe], [payment('p-cafe', '-57.50', 'CAFE')], windowStart);
    expect(matches).toEqual(new Map([[cafe.id, 'p-cafe']]));
  });

  it('leaves money in, a week apart, and holds before the window out of a match by description', () => {
    const matches = matchPostedToPending(
      [
        hold('-30.00', 'HARDWARE'),
        hold('-12.00', 'NEWSAGENT', '2026-11-05'),
        hold('-9.00', 'BAKERY', '2026-10-30'),
      ],
      [
        payment('refund', '30.00', 'HARDWARE'),
        payment('late', '-15.00', 'NEWSAGENT'),
        payment('early', '-10.00', 'BAKERY', '2026-11-02'),
      ],
      windowStart,
    );
    expect(matches.size).toBe(0);
  });

  it('matches by description only where one hold and one payment could pair', () => {
    const first = hold('-20.00', 'RIDESHARE', '2026-11-17');
    const second = hold('-25.00', 'RIDESHARE', '2026-11-18');
    const twoHolds = matchPostedToPending(
      [first, second],
      [payment('ride', '-31.00', 'RIDESHARE')],
      windowStart,
    );
    expect(twoHolds.size).toBe(0);
    const twoPayments = matchPostedToPending(
      [first],
      [payment('ride-1', '-31.00', 'RIDESHARE'), payment('ride-2', '-22.00', 'RIDESHARE')],
      windowStart,
    );
    expect(twoPayments.size).toBe(0);
    // Nor does a cancelled hold of another merchant take the payment by its amount.
    const petrol = hold('-31.00', 'PETROL');
    expect(
      matchPostedToPending([first, second, petrol], [payment('ride', '-31.00', 'RIDESHARE')], windowStart)
        .size,
    ).toBe(0);
    // The amount still decides between two holds, as it did before descriptions counted.
    const byAmount = matchPostedToPending(
      [first, second],
      [payment('ride', '-25.00', 'RIDESHARE')],
      windowStart,
    );
    expect(byAmount).toEqual(new Map([[second.id, 'ride']]));
  });

  it('takes the closest pairs first, in date and then amount, whatever order the holder listed them in', () => {
    const early = hold('-40.00', 'GROCER', '2026-11-12');
    const late = hold('-40.00', 'GROCER', '2026-11-18');
    const payments = [payment('p-12', '-40.00', 'GROCER', '2026-11-13'), payment('p-18', '-40.00', 'GROCER')];
    const expected = new Map([
      [late.id, 'p-18'],
      [early.id, 'p-12'],
    ]);
    expect(matchPostedToPending([early, late], payments, windowStart)).toEqual(expected);
    expect(matchPostedToPending([late, early], [...payments].reverse(), windowStart)).toEqual(expected);
  });

  it('takes a hold of the window’s first day as outside it, which the holder may leave out by its time', () => {
    // Before 2026-12-03 it was inside: a payment of its description took it, whatever the amount.
    const firstDay = hold('-9.00', 'BAKERY', windowStart);
    expect(
      matchPostedToPending([firstDay], [payment('p', '-11.00', 'BAKERY', '2026-11-02')], windowStart).size,
    ).toBe(0);
    const nextDay = hold('-9.00', 'BAKERY', '2026-11-02');
    expect(
      matchPostedToPending([nextDay], [payment('p', '-11.00', 'BAKERY', '2026-11-02')], windowStart),
    ).toEqual(new Map([[nextDay.id, 'p']]));
  });

  it('matches a hold older than the window by its amount only', () => {
    const old = hold('-9.00', 'BAKERY', '2026-10-30');
    expect(
      matchPostedToPending([old], [payment('p', '-9.00', 'BAKERY PTY', '2026-11-02')], windowStart),
    ).toEqual(new Map([[old.id, 'p']]));
  });
});

describe('comparableDescription', () => {
  it('ignores case and runs of spaces', () => {
    expect(comparableDescription('  The Local\t Cafe ')).toBe('THE LOCAL CAFE');
  });
});
