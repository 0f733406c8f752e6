import { describe, expect, it } from 'vitest';
import { formatAud, formatDate } from './format-aud.ts';

describe('formatAud', () => {
  it('groups thousands and keeps the cents exactly', () => {
    expect(formatAud(0)).toBe('$0.00');
    expect(formatAud(5)).toBe('$0.05');
    expect(formatAud(123456789)).toBe('$1,234,567.89');
    expect(formatAud(-100000)).toBe('-$1,000.00');
  });
});

describe('formatDate', () => {
  it('writes a calendar date the Australian way', () => {
    expect(formatDate('2025-07-01')).toBe('1 Jul 2025');
  });
});
