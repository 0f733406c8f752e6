import { describe, expect, it } from 'vitest';
import { displayDate, fromModelDate, toModelDate } from './date-model.ts';

describe('date model', () => {
  it('writes dates as YYYY-MM-DD in local time', () => {
    expect(toModelDate(new Date(2025, 2, 5))).toBe('2025-03-05');
    expect(toModelDate(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });

  it('reads YYYY-MM-DD back and rejects anything else', () => {
    expect(fromModelDate('2025-03-05')?.getDate()).toBe(5);
    expect(fromModelDate('2025-02-30')).toBeUndefined();
    expect(fromModelDate('05/03/2025')).toBeUndefined();
    expect(fromModelDate('')).toBeUndefined();
  });

  it('displays a model date', () => {
    expect(displayDate('2025-03-05')).toBe('5 Mar 2025');
    expect(displayDate(undefined)).toBeUndefined();
  });
});
