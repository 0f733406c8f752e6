const sydneyDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Sydney',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export interface MonthRange {
  /** The first day of the first month, YYYY-MM-DD. */
  from: string;
  /** The last day of the last month, YYYY-MM-DD. */
  to: string;
}

/**
 * The `count` calendar months before the current one, in Australia/Sydney (DESIGN §3): the last
 * of them is the last complete month, whose figures no longer change as the days pass.
 */
export function completeMonths(count: number, now: Date): MonthRange {
  const [year = 0, month = 1] = sydneyDate.format(now).split('-').map(Number);
  const firstOfCurrent = Date.UTC(year, month - 1, 1);
  const from = new Date(Date.UTC(year, month - 1 - count, 1));
  const to = new Date(firstOfCurrent - 24 * 60 * 60 * 1000);
  return { from: isoDay(from), to: isoDay(to) };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
