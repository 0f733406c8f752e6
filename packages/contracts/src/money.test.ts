import { describe, expect, it } from 'vitest';
import { dateSchema, decimalSchema, decimalTotalSchema } from './money.ts';

describe('dateSchema', () => {
  const messages = (value: string) => dateSchema.safeParse(value).error?.issues.map((issue) => issue.message);

  it('accepts a day that exists', () => {
    expect(dateSchema.parse('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses a day that does not exist with one message saying so', () => {
    for (const value of ['2026-13-01', '2026-02-30', '2026-00-00', '0000-01-01']) {
      expect(messages(value), value).toEqual(['must be a real calendar date']);
    }
  });

  it('refuses another shape with the format message only', () => {
    expect(messages('01/02/2026')).toEqual(['must be a date YYYY-MM-DD']);
  });
});

describe('amounts and sums', () => {
  it('takes an amount of up to 12 whole digits, and a sum of up to 22', () => {
    expect(decimalSchema.safeParse('-999999999999.99').success).toBe(true);
    expect(decimalSchema.safeParse('1999999999999.98').success).toBe(false);
    // Two of the largest amounts: a summary answers it (before 2026-11-29, a 500).
    expect(decimalTotalSchema.safeParse('1999999999999.98').success).toBe(true);
    expect(decimalTotalSchema.safeParse('-2147483647999999999999.97').success).toBe(true);
    for (const value of ['12345678901234567890123.00', '1.234', '1e5', '']) {
      expect(decimalTotalSchema.safeParse(value).success, value).toBe(false);
    }
  });
});
