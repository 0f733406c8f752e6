import { describe, expect, it } from 'vitest';
import { centsToDecimal, toCents } from './cents.ts';

describe('toCents', () => {
  it.each([
    ['-42.50', -4250],
    ['0.1', 10],
    ['1200', 120000],
    ['0.07', 7],
    ['-0.07', -7],
  ])('reads %s as %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('sums without floating-point drift', () => {
    expect(toCents('0.10') + toCents('0.20')).toBe(30);
  });

  it('refuses anything that is not a decimal amount', () => {
    expect(() => toCents('$1')).toThrow(RangeError);
    expect(() => toCents('1.234')).toThrow(RangeError);
  });
});

describe('centsToDecimal', () => {
  it.each([
    [-4250, '-42.50'],
    [7, '0.07'],
    [-7, '-0.07'],
    [0, '0.00'],
  ])('writes %i cents as %s', (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal);
  });
});
