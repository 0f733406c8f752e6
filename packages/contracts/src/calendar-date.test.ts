import { describe, expect, it } from 'vitest';
import { dateRangeFault, isCalendarDate } from './calendar-date.ts';

describe('isCalendarDate', () => {
  it.each(['2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30'])(
    'accepts %s',
    (value) => {
      expect(isCalendarDate(value)).toBe(true);
    },
  );

  it.each([
    '2026-13-01',
    '2026-00-10',
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-01-32',
    '2026-01-00',
    '0000-01-01',
    '2026-1-01',
    '20260101',
    '2026-01-01T00:00:00Z',
    '+02026-01-01',
    '٢٠٢٦-٠١-٠١',
  ])('refuses %s', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('dateRangeFault', () => {
  const fault = (from: string, to: string) => dateRangeFault({ from, to, maxYears: 10 });

  it('accepts a range up to the day before the same day maxYears later', () => {
    expect(fault('2026-01-01', '2026-01-01')).toBeUndefined();
    expect(fault('2016-01-01', '2025-12-31')).toBeUndefined();
    expect(fault('2016-02-29', '2026-02-28')).toBeUndefined();
    expect(fault('9995-01-01', '9999-12-31')).toBeUndefined();
  });

  it('names a range that ends before it starts, or reaches maxYears', () => {
    expect(fault('2026-01-02', '2026-01-01')).toBe('backwards');
    expect(fault('2016-01-01', '2026-01-01')).toBe('too_long');
    expect(fault('2016-02-29', '2026-03-01')).toBe('too_long');
    expect(fault('0001-01-01', '9999-12-31')).toBe('too_long');
  });
});
