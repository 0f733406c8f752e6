import { describe, expect, it } from 'vitest';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { addDays, addMonths, daysBetween, isFourDigitDate, lastCalendarDate } from './calendar-date.ts';

describe('calendar dates', () => {
  it('adds days across month ends and the daylight-saving change', () => {
    expect(addDays('2025-10-04', 2)).toBe('2025-10-06');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2025-10-01', '2025-11-01')).toBe(31);
  });

  it('clamps to the last day when adding months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -12)).toBe('2025-03-31');
  });

  it('adds months in the first century too, not in the 1900s', () => {
    // Before 2026-12-03 `Date.UTC` read years 0–99 as 1900–1999: 0050-01-31 + 1 month was 1950-02-28.
    expect(addMonths('0050-01-31', 1)).toBe('0050-02-28');
    expect(addMonths('0001-01-01', 12)).toBe('0002-01-01');
    expect(addMonths('0100-03-01', -3)).toBe('0099-12-01');
  });

  it('tells a date past 9999-12-31, which sorts before it as text, from a four-digit one', () => {
    const after = addMonths('9999-12-01', 1);
    expect(after).toBe('+010000-01');
    expect(after < lastCalendarDate).toBe(true);
    expect(isFourDigitDate(after)).toBe(false);
    expect(isFourDigitDate(addDays(lastCalendarDate, 1))).toBe(false);
    expect(isFourDigitDate(lastCalendarDate)).toBe(true);
    expect(isFourDigitDate('0001-01-01')).toBe(true);
  });

  it('answers Sydney’s date, not UTC’s', () => {
    // 14:30 UTC on 31 March is already 1 April in Sydney (AEDT, +11).
    expect(sydneyToday(new Date('2026-03-31T14:30:00Z'))).toBe('2026-04-01');
    // 13:30 UTC on 30 June is 23:30 in Sydney (AEST, +10).
    expect(sydneyToday(new Date('2026-06-30T13:30:00Z'))).toBe('2026-06-30');
  });
});
