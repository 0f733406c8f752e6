import { describe, expect, it } from 'vitest';
import { dateSchema } from './money.ts';

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
