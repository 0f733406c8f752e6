import { addMonths, isFourDigitDate } from '../aggregation/calendar-date.ts';

const sydneyDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Sydney',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in Australia/Sydney (DESIGN §3), YYYY-MM-DD, whatever the server's zone. */
export function sydneyToday(now: Date = new Date()): string {
  return sydneyDate.format(now);
}

/**
 * The first day of each month from `from`'s month to `to`'s, YYYY-MM-01. It stops after December
 * 9999: the month after it, '+010000-01', sorts before '9999-12-31' as text (before 2026-12-03
 * a range to December 9999 never ended).
 */
export function monthStarts(from: string, to: string): string[] {
  const months: string[] = [];
  for (
    let month = `${from.slice(0, 7)}-01`;
    isFourDigitDate(month) && month <= to;
    month = addMonths(month, 1)
  )
    months.push(month);
  return months;
}
