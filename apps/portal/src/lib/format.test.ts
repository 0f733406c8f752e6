import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format.ts';

describe('formatMoney', () => {
  it('formats numbers and decimal strings as Australian dollars', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('-42.50')).toBe('-$42.50');
    expect(formatMoney('0')).toBe('$0.00');
  });

  it('refuses text that is not an amount', () => {
    expect(() => formatMoney('twelve')).toThrow(RangeError);
    expect(() => formatMoney('')).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('shows a calendar date as that day, in Australian order', () => {
    expect(formatDate('2025-07-01')).toBe('1 July 2025');
    expect(formatDate('2024-12-31', { day: '2-digit', month: '2-digit', year: 'numeric' })).toBe(
      '31/12/2024',
    );
  });

  it("shows an instant on Sydney's calendar", () => {
    expect(formatDate('2025-06-30T15:30:00Z')).toBe('1 July 2025');
    expect(formatDate(new Date('2025-01-15T00:00:00Z'))).toBe('15 Jan 2025');
  });

  it('refuses text that is not a date', () => {
    expect(() => formatDate('someday')).toThrow(RangeError);
  });
});
