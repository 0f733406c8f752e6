import { type DocumentPeriod, dateRangeFault, type FeatureKey } from '@waratah/contracts';
import { type ExportOption, getTenant, type TenantId } from '@waratah/tenants';
import { addDays, addMonths } from '../aggregation/calendar-date.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * The longest custom range a document covers: its end before the same day this many years after
 * its start. The tenant's options span a year at most; a custom range of centuries would build a
 * statement or report of tens of thousands of empty months.
 */
export const maxCustomRangeYears = 10;

/** Which of the tenant's export option lists applies (spec §3 exportOptions). */
export type PeriodList = 'financialPassport' | 'statements';

/** The app-config feature key (spec §3) that allows custom dates for each list. */
export const customDateFeature: Record<PeriodList, FeatureKey> = {
  financialPassport: 'generate_fp_custom_date',
  statements: 'generate_bank_statement_custom_date',
};

/** Options offered only with a feature key: the passport's 3-month report with `3m_report` (spec §3). */
export const periodFeature: Record<PeriodList, Readonly<Record<string, FeatureKey>>> = {
  financialPassport: { 'three-months': '3m_report' },
  statements: {},
};

/** The tenant's options of a list whose feature key, if they have one, is on. */
export function offeredOptions(tenantId: TenantId, list: PeriodList, features: ReadonlySet<FeatureKey>) {
  return getTenant(tenantId).exportOptions[list].filter((option) => {
    const key = periodFeature[list][option.value];
    return key === undefined || features.has(key);
  });
}

/**
 * How the documents name a custom range, as the export dialog's option does ('Custom dates'): the
 * headings add its dates after it. Before 2026-12-03 the label was the dates themselves, so a
 * heading read them twice ("2026-10-01 to 2026-10-31: 1 Oct 2026 to 31 Oct 2026").
 */
export const customPeriodLabel = 'Custom dates';

export interface ResolvedPeriod {
  /** The option value, or `custom`. */
  period: string;
  /** How the documents name it: the tenant's label, or `customPeriodLabel`. */
  label: string;
  from: string;
  to: string;
}

/**
 * The dates of one of the tenant's export periods (spec §9), ending `today` (a Sydney date) and
 * inclusive of both ends: `week` 7 days, `fortnight` 14 days, `month` the past month (or "30 days"
 * where the tenant's label says so), `three-months`/`six-months`/`year` whole months back,
 * `fin-year` the Australian financial year its label names (1 July – 30 June, "24/25" =
 * 2024-07-01..2025-06-30). Undefined for a value the tenant does not offer.
 */
export function periodDates(tenantId: TenantId, list: PeriodList, value: string, today: string) {
  const option = getTenant(tenantId).exportOptions[list].find((candidate) => candidate.value === value);
  if (!option) return undefined;
  const range = rangeOf(option, today);
  return range && { period: option.value, label: option.label, ...range };
}

function rangeOf(option: ExportOption, today: string): { from: string; to: string } | undefined {
  const monthsBack = (months: number) => ({ from: addDays(addMonths(today, -months), 1), to: today });
  const daysBack = (days: number) => ({ from: addDays(today, 1 - days), to: today });
  switch (option.value) {
    case 'week':
      return daysBack(7);
    case 'fortnight':
      return daysBack(14);
    case 'month': {
      const days = /(\d+)\s*days/i.exec(option.label);
      return days ? daysBack(Number(days[1])) : monthsBack(1);
    }
    case 'three-months':
      return monthsBack(3);
    case 'six-months':
      return monthsBack(6);
    case 'year':
      return monthsBack(12);
    case 'fin-year':
      return financialYear(option.label, today);
    default:
      return undefined;
  }
}

/** "financial year 24/25" → 2024-07-01..2025-06-30; without years in the label, the last full one. */
function financialYear(label: string, today: string): { from: string; to: string } {
  const named = /(\d{2})\s*\/\s*(\d{2})/.exec(label);
  const startYear = named
    ? 2000 + Number(named[1])
    : Number(today.slice(0, 4)) - (today.slice(5) >= '07-01' ? 1 : 2);
  return { from: `${startYear}-07-01`, to: `${startYear + 1}-06-30` };
}

export interface ResolvePeriodInput {
  tenantId: TenantId;
  list: PeriodList;
  request: DocumentPeriod;
  /** Today in Australia/Sydney. */
  today: string;
  /** The feature keys enabled in the tenant's app config for the request's environment. */
  features: ReadonlySet<FeatureKey>;
  /**
   * The first transaction date of the data the document shows (`dataOf`'s): a custom range may not
   * end before it. Undefined: that data holds no transaction.
   */
  firstDataDate: string | undefined;
  /**
   * Whose data that is, as the refusals name it: the client's (the default), one account's (a
   * statement) or the accounts chosen (a spreadsheet of some accounts). An account without any
   * transaction still has a balance, which its statement shows: its custom range is not refused.
   */
  dataOf?: DataHolder;
  /** `body` or `querystring`: where the fields came from, for error messages. */
  source: 'body' | 'querystring';
}

export type DataHolder = 'client' | 'account' | 'accounts';

/**
 * How a refusal names the data (before 2026-12-03 always "the client", so a statement of a term
 * deposit without transactions was refused because "the client has no transactions"). `none` is
 * null where no transaction is no refusal.
 */
const dataHolders: Record<DataHolder, { none: string | null; first: string }> = {
  client: { none: 'the client has no transactions', first: "the client's first transaction" },
  account: { none: null, first: "the account's first transaction" },
  accounts: {
    none: 'the accounts chosen have no transactions',
    first: 'the first transaction of the accounts chosen',
  },
};

/**
 * The period a request asks for, or a 400 naming the field: an option the tenant does not offer,
 * half a custom range, a custom range where the feature key does not allow one, an end before its
 * start, a range of `maxCustomRangeYears` or more, or a range beyond the data (after today, or
 * before the first transaction).
 */
export function resolvePeriod({
  tenantId,
  list,
  request,
  today,
  features,
  firstDataDate,
  dataOf = 'client',
  source,
}: ResolvePeriodInput): ResolvedPeriod {
  const invalid = (field: string, message: string) =>
    new AppError('validation_failed', `${field} ${message}`, {
      fields: [{ field: `${source}.${field}`, message }],
    });
  const options = offeredOptions(tenantId, list, features);
  const offered = options.map((option) => option.value).join(', ');
  const customAllowed = features.has(customDateFeature[list]);
  const custom = request.from_date !== undefined || request.to_date !== undefined;

  if (request.period !== undefined && request.period !== 'custom') {
    if (custom) throw invalid('period', 'cannot be given with from_date and to_date');
    const feature = periodFeature[list][request.period];
    if (feature !== undefined && !features.has(feature)) {
      throw invalid('period', `${request.period} is not enabled (feature ${feature}); use one of ${offered}`);
    }
    const resolved = periodDates(tenantId, list, request.period, today);
    if (!resolved)
      throw invalid('period', `must be one of ${offered}${customAllowed ? ' (or custom dates)' : ''}`);
    return resolved;
  }
  if (!custom) {
    if (request.period === 'custom') throw invalid('from_date', 'is required for a custom period');
    const first = options[0];
    if (!first) throw invalid('period', 'is required');
    const resolved = periodDates(tenantId, list, first.value, today);
    if (!resolved) throw invalid('period', `must be one of ${offered}`);
    return resolved;
  }
  if (!customAllowed)
    throw invalid('from_date', `cannot be chosen: custom dates are not enabled; use period (${offered})`);
  if (request.from_date === undefined) throw invalid('from_date', 'is required with to_date');
  if (request.to_date === undefined) throw invalid('to_date', 'is required with from_date');
  const { from_date: from, to_date: to } = request;
  if (to < from) throw invalid('to_date', `must not be before from_date (${from})`);
  if (dateRangeFault({ from, to, maxYears: maxCustomRangeYears }) === 'too_long')
    throw invalid('to_date', `must be less than ${maxCustomRangeYears} years after from_date (${from})`);
  if (to > today) throw invalid('to_date', `is after today (${today}): there is no data for it yet`);
  const holder = dataHolders[dataOf];
  if (firstDataDate === undefined) {
    if (holder.none !== null) throw invalid('from_date', `is beyond the data: ${holder.none}`);
  } else if (to < firstDataDate) {
    throw invalid('to_date', `is before ${holder.first} (${firstDataDate})`);
  }
  return { period: 'custom', label: customPeriodLabel, from, to };
}
