import type { ReportPeriod } from '@waratah/contracts';
import { type RawBuilder, sql } from 'kysely';
import { addDays, addMonths, daysBetween, isFourDigitDate } from '../aggregation/calendar-date.ts';
import { AppError } from '../errors/app-error.ts';

/*
 * Report periods (reference §7) on calendar dates. Transaction dates are Australia/Sydney calendar
 * dates already (DESIGN §3), so every boundary here is whole-day arithmetic on `date` values: no
 * timestamp or session time zone takes part, and a daylight-saving change cannot move a day into
 * the neighbouring period. The SQL bucket and the TypeScript one below must agree; the tests
 * compare them.
 */

const spanDays = { fortnightly: 14, four_weekly: 28 } as const;
const spanMonths = { monthly: 1, bimonthly: 2, quarterly: 3, biannually: 6 } as const;

/** ISO weekday, 1 Monday … 7 Sunday. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday on or before `date`: weeks start on Monday. */
export function weekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** A year as a date writes it, four digits: year 999 is '0999', as SQL's `to_char(…, 'YYYY')` has it. */
function yearText(year: number): string {
  return String(year).padStart(4, '0');
}

function monthSpanStart(date: string, months: number): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  const first = month - ((month - 1) % months);
  return `${yearText(year)}-${String(first).padStart(2, '0')}-01`;
}

/** The first weekday (Monday–Friday) of `month`'s calendar month; public holidays are not counted. */
function firstWeekdayOfMonth(month: string): string {
  const first = `${month.slice(0, 7)}-01`;
  const weekday = isoWeekday(first);
  return weekday === 6 ? addDays(first, 2) : weekday === 7 ? addDays(first, 1) : first;
}

/**
 * The start of the period holding `date`. `anchor` (a Monday) starts the fortnights and four-week
 * spans; the report passes the Monday of its range's first week.
 */
export function periodStart(period: ReportPeriod, date: string, anchor: string): string {
  switch (period) {
    case 'daily':
      return date;
    case 'weekly':
      return weekStart(date);
    case 'fortnightly':
    case 'four_weekly': {
      const days = spanDays[period];
      return addDays(anchor, Math.floor(daysBetween(anchor, date) / days) * days);
    }
    case 'monthly':
    case 'bimonthly':
    case 'quarterly':
    case 'biannually':
      return monthSpanStart(date, spanMonths[period]);
    case 'annually':
      // 1000-03-01 is in the year from 0999-07-01 (before 2026-12-03 '999-07-01', which no SQL
      // bucket matched).
      return `${yearText(Number(date.slice(0, 4)) - (date.slice(5, 7) < '07' ? 1 : 0))}-07-01`;
    case 'business_month': {
      // A weekend day belongs to the business month of the Friday before it.
      const weekday = isoWeekday(date);
      const lastWeekday = weekday > 5 ? addDays(date, 5 - weekday) : date;
      return firstWeekdayOfMonth(lastWeekday);
    }
    default:
      throw new Error(`Unknown report period ${period satisfies never}`);
  }
}

/**
 * The start of the period after the one starting at `start`, or null when it would start after
 * 9999-12-31: written '+010000-01', it sorts before every four-digit date as text.
 */
function nextPeriodStart(period: ReportPeriod, start: string): string | null {
  const next = nextPeriodStartText(period, start);
  return next !== null && isFourDigitDate(next) ? next : null;
}

function nextPeriodStartText(period: ReportPeriod, start: string): string | null {
  switch (period) {
    case 'daily':
      return addDays(start, 1);
    case 'weekly':
      return addDays(start, 7);
    case 'fortnightly':
    case 'four_weekly':
      return addDays(start, spanDays[period]);
    case 'monthly':
    case 'bimonthly':
    case 'quarterly':
    case 'biannually':
      return addMonths(start, spanMonths[period]);
    case 'annually':
      return addMonths(start, 12);
    case 'business_month': {
      const month = addMonths(`${start.slice(0, 7)}-01`, 1);
      return isFourDigitDate(month) ? firstWeekdayOfMonth(month) : null;
    }
    default:
      throw new Error(`Unknown report period ${period satisfies never}`);
  }
}

/** A report lists at most this many periods (e.g. about five years by day). */
export const maxReportPeriods = 2000;

/**
 * The start of every period that meets the range `from`–`to`, oldest first (empty ones included).
 * More than `maxReportPeriods` is refused with a 400 naming `from_date`. The last period of a range
 * ending in 9999 is the one holding its end: before 2026-12-03 the next one's start, in year 10000,
 * sorted before the end as text, and periods were added until the limit refused the range.
 */
export function periodStarts(period: ReportPeriod, from: string, to: string): string[] {
  const anchor = weekStart(from);
  const starts: string[] = [];
  for (
    let start: string | null = periodStart(period, from, anchor);
    start !== null && start <= to;
    start = nextPeriodStart(period, start)
  ) {
    if (starts.length === maxReportPeriods) {
      const message = `covers more than ${maxReportPeriods} ${period} periods; choose a later from_date or a longer period`;
      throw new AppError('validation_failed', `querystring.from_date: the range ${message}`, {
        fields: [{ field: 'querystring.from_date', message: `the range ${message}` }],
      });
    }
    starts.push(start);
  }
  return starts;
}

/**
 * SQL for the start of the period holding `date` (a `date` expression), as `YYYY-MM-DD` text,
 * matching `periodStart`. Only date arithmetic: `date - integer` and `make_date`.
 */
export function periodStartSql(
  period: ReportPeriod,
  date: RawBuilder<unknown>,
  anchor: string,
): RawBuilder<string> {
  const year = sql`extract(year from ${date})::int`;
  const month = sql`extract(month from ${date})::int`;
  const isoDow = (value: RawBuilder<unknown>) => sql`extract(isodow from ${value})::int`;
  const days = period in spanDays ? spanDays[period as keyof typeof spanDays] : undefined;
  const months = period in spanMonths ? spanMonths[period as keyof typeof spanMonths] : undefined;
  let start: RawBuilder<unknown>;
  if (days) {
    // Literals, not parameters: the same text must appear in SELECT and GROUP BY.
    const first = sql`${sql.lit(anchor)}::date`;
    start = sql`(${first} + floor((${date} - ${first}) / ${sql.lit(days)}::numeric)::int * ${sql.lit(days)})`;
  } else if (months) {
    start = sql`make_date(${year}, ${month} - ((${month} - 1) % ${sql.lit(months)}), 1)`;
  } else if (period === 'daily') {
    start = date;
  } else if (period === 'weekly') {
    start = sql`(${date} - (${isoDow(date)} - 1))`;
  } else if (period === 'annually') {
    start = sql`make_date(${year} - (case when ${month} < 7 then 1 else 0 end), 7, 1)`;
  } else {
    const lastWeekday = sql`(${date} - greatest(${isoDow(date)} - 5, 0))`;
    const first = sql`make_date(extract(year from ${lastWeekday})::int, extract(month from ${lastWeekday})::int, 1)`;
    start = sql`(${first} + (case ${isoDow(first)} when 6 then 2 when 7 then 1 else 0 end))`;
  }
  return sql<string>`to_char(${start}, 'YYYY-MM-DD')`;
}
