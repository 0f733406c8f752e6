import { describe, expect, it } from 'vitest';
import { divideCents, formatCents, sumCents, toCents } from './cents.ts';

describe('cents', () => {
  it('reads decimal strings exactly', () => {
    expect(toCents('-42.50')).toBe(-4250);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('1200')).toBe(120000);
  });

  it('writes two places, keeping the sign of small amounts', () => {
    expect(formatCents(-4250)).toBe('-42.50');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(123456789)).toBe('1234567.89');
  });

  it('adds without float drift', () => {
    const total = ['0.10', '0.20', '0.30'].map(toCents).reduce((sum, cents) => sum + cents, 0);
    expect(formatCents(total)).toBe('0.60');
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents('1.234')).toThrow();
    expect(() => formatCents(1.5)).toThrow();
    // A number past 2^53 is still written (documents and reports sum numbers), if no longer exact.
    expect(formatCents(2 ** 53 + 2)).toBe('90071992547409.94');
  });

  it('sums and divides in bigints, past 2^53, rounding halves away from zero', () => {
    const total = sumCents(Array.from({ length: 200 }, () => 99_999_999_999_999));
    expect(formatCents(total)).toBe('199999999999998.00');
    expect(formatCents(-total)).toBe('-199999999999998.00');
    for (const cents of [-7, -6, -5, -4, -3, -1, 0, 1, 3, 4, 5, 6, 7, 1_000_001]) {
      for (const by of [1, 2, 3, 4, 12]) {
        const awayFromZero = Math.sign(cents) * Math.round(Math.abs(cents) / by);
        expect(divideCents(BigInt(cents), by), `${cents} / ${by}`).toBe(BigInt(awayFromZero));
      }
    }
    // An expense's average is the income's of the same size, negated.
    expect(formatCents(divideCents(-100_005n, 2))).toBe('-500.03');
    expect(formatCents(divideCents(100_005n, 2))).toBe('500.03');
  });
});
