import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './amount-string.ts';

describe('AmountString', () => {
  it('formats cents with two decimals and a leading minus for debits', () => {
    expect(formatAmount(-4250)).toBe('-42.50');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(-5)).toBe('-0.05');
    expect(formatAmount(123456789)).toBe('1234567.89');
  });

  it('parses amount strings to cents', () => {
    expect(parseAmount('-42.5')).toBe(-4250);
    expect(parseAmount('100')).toBe(10000);
    expect(parseAmount('0.050')).toBe(5);
  });

  it('rejects what is not an AmountString', () => {
    expect(parseAmount('1,000.00')).toBeUndefined();
    expect(parseAmount('ten')).toBeUndefined();
    expect(parseAmount('1.001')).toBeUndefined();
  });
});
