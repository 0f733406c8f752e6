import { describe, expect, it } from 'vitest';
import { formatCents, toCents } from './cents.ts';

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
  });
});
