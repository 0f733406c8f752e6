/** Whole-day arithmetic on YYYY-MM-DD dates, in UTC so that no time zone or daylight saving shifts a day. */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  // `setUTCFullYear`, not `Date.UTC`: that reads years 0–99 as 1900–1999.
  const target = new Date(0);
  target.setUTCFullYear(year, month - 1 + months, 1);
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(target.getUTCFullYear(), target.getUTCMonth() + 1, 0);
  target.setUTCDate(Math.min(day, lastDay.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The last day a YYYY-MM-DD date names (and the database's `date` takes from the wire). */
export const lastCalendarDate = '9999-12-31';

/**
 * Whether `date` is written YYYY-MM-DD, the only form whose text order is date order. Past
 * `lastCalendarDate`, `addDays` and `addMonths` write '+010000-01' (a six-digit year, cut at ten
 * characters), which sorts before '9999' as text: a loop stepping dates up to an end date checks this before comparing, or never stops.
 */
export function isFourDigitDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date);
}
