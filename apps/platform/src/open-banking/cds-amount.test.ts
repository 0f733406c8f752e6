import { describe, expect, it } from 'vitest';
import { cdsAmountToDecimal } from './cds-amount.ts';

describe('cdsAmountToDecimal', () => {
  it('keeps two places and rounds longer AmountStrings half away from zero', () => {
    expect(cdsAmountToDecimal('-42.50')).toBe('-42.50');
    expect(cdsAmountToDecimal('1500.5')).toBe('1500.50');
    expect(cdsAmountToDecimal('-12.345')).toBe('-12.35');
    expect(cdsAmountToDecimal('0.004')).toBe('0.00');
    expect(cdsAmountToDecimal('-0.001')).toBe('0.00');
    expect(cdsAmountToDecimal('99999999999.999')).toBe('100000000000.00');
  });

  it('refuses what is not an amount', () => {
    expect(() => cdsAmountToDecimal('1,000.00')).toThrow('Not a CDS AmountString');
  });
});
