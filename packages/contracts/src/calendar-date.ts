/** How the wire writes a calendar date: YYYY-MM-DD. */
export const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a YYYY-MM-DD string names a day that exists: a month 01–12, a day that month has (29
 * February in leap years only) and a year from 0001 (the database's `date` has no year 0).
 */
export function isCalendarDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * What is wrong with a range of calendar dates, both inclusive: `backwards` (it ends before it
 * starts) or `too_long` (it reaches the same day `maxYears` years after its start, or later).
 */
export function dateRangeFault(range: {
  from: string;
  to: string;
  maxYears: number;
}): 'backwards' | 'too_long' | undefined {
  const { from, to, maxYears } = range;
  if (to < from) return 'backwards';
  const year = Number(from.slice(0, 4)) + maxYears;
  // Past year 9999 every four-digit date is within the range; text order is date order below it.
  if (year <= 9999 && to >= `${String(year).padStart(4, '0')}${from.slice(4)}`) return 'too_long';
  return undefined;
}
