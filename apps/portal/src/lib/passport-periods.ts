// From the contracts' index: marked free of side effects (vite.config.ts), so only the modules of
// these names come, which the passport's SDK calls bring already; no page before sign-in imports this.
import { isCalendarDate, maxPassportYears, passportRangeProblem } from '@waratah/contracts';
import type { ExportOption } from '@waratah/tenants';

export interface DateRange {
  /** YYYY-MM-DD, both days included. */
  from: string;
  to: string;
}

/** The value of the period option that lets the adviser pick the dates (feature generate_fp_custom_date). */
export const customPeriod = 'custom';
/** The 3-month option, offered only with the feature 3m_report. */
const threeMonthPeriod = 'three-months';

/** Today on Sydney's calendar (DESIGN §3), as YYYY-MM-DD. */
export function sydneyToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** 'past N months' ends today and starts the day after the same date N months earlier. */
function pastMonths(today: string, months: number): DateRange {
  return { from: addDays(addMonths(today, -months), 1), to: today };
}

/**
 * An Australian financial year runs 1 July – 30 June. The option's label names it ('financial year
 * 24/25'); without a year in the label it is the last one that has ended.
 */
function financialYear(label: string, today: string): DateRange {
  const named = /(\d{2})\s*\/\s*(\d{2})/.exec(label);
  const [year = 0, month = 1] = today.split('-').map(Number);
  const startYear = named ? 2000 + Number(named[1]) : month >= 7 ? year - 1 : year - 2;
  return { from: `${startYear}-07-01`, to: `${startYear + 1}-06-30` };
}

const monthsOf: Record<string, number> = {
  month: 1,
  [threeMonthPeriod]: 3,
  'six-months': 6,
  year: 12,
};

/** The dates of one of the tenant's financial passport periods (spec §9), or null for one it does not know. */
export function periodRange(option: ExportOption, today: string): DateRange | null {
  if (option.value === 'fin-year') return financialYear(option.label, today);
  const months = monthsOf[option.value];
  return months === undefined ? null : pastMonths(today, months);
}

/** The tenant's periods the adviser may choose: the 3-month one only with 3m_report. */
export function offeredPeriods(
  options: readonly ExportOption[],
  features: { threeMonthReport: boolean },
): ExportOption[] {
  return options.filter((option) => features.threeMonthReport || option.value !== threeMonthPeriod);
}

/**
 * The first day a custom range may start on so that it can end as late as today: the platform
 * refuses a range of `maxPassportYears` or more (`passportRangeProblem`). With today, the bounds a
 * date picker needs for every range picked in them to be one the platform reports.
 */
export function earliestPassportDate(today: string): string {
  return addDays(addMonths(today, -12 * maxPassportYears), 1);
}

/**
 * Custom dates the platform reports, else null: real calendar days, in order, ending by today and
 * within `maxPassportYears`, checked with the contract's own rules. Before 2026-12-03 only their
 * pattern and order were checked, so `2026-02-30` or a range of twelve years was asked for, refused
 * (400), and the page offered a retry that could never pass.
 */
function customRange({ start: from, end: to }: { start: string; end: string }, today: string) {
  if (!isCalendarDate(from) || !isCalendarDate(to) || to > today) return null;
  return passportRangeProblem(from, to) === undefined ? { from, to } : null;
}

export interface PassportPeriod {
  /** The chosen period's value: the URL's if offered, else the year (or the first period). */
  period: string;
  /** The custom dates as the URL holds them, checked or not. */
  custom: { start: string; end: string };
  /**
   * The report's dates; null while custom dates are incomplete, not real days, upside down, end
   * after today or span `maxPassportYears` or more.
   */
  range: DateRange | null;
}

/** The period the URL asks for (`?period=`, custom dates in `from` and `to`) and its dates. */
export function readPassportPeriod(
  params: URLSearchParams,
  { periods, customDates, today }: { periods: readonly ExportOption[]; customDates: boolean; today: string },
): PassportPeriod {
  const requested = params.get('period');
  const offered = (value: string | null) =>
    periods.some((option) => option.value === value) || (customDates && value === customPeriod);
  const fallback = periods.find((option) => option.value === 'year') ?? periods[0];
  const period = requested !== null && offered(requested) ? requested : (fallback?.value ?? '');
  const custom = { start: params.get('from') ?? '', end: params.get('to') ?? '' };
  const chosen = periods.find((option) => option.value === period);
  const range: DateRange | null =
    period === customPeriod ? customRange(custom, today) : chosen ? periodRange(chosen, today) : null;
  return { period, custom, range };
}
