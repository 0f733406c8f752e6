import type { DocumentPeriod } from '@waratah/contracts';
import type { ExportOption } from '@waratah/tenants';
import { customPeriod, type DateRange, periodRange } from '../../../lib/passport-periods.ts';

export { customPeriod };

/** What the adviser chose: one of the tenant's period values, or `custom` with both dates. */
export interface PeriodChoice {
  period: string;
  /** YYYY-MM-DD; used only with the custom period. */
  from: string;
  to: string;
}

/** The tenant's options (spec §9), then 'Custom dates' where the feature allows it. */
export function periodOptions(
  options: readonly ExportOption[],
  customDates: boolean,
  customLabel: string,
): { value: string; label: string }[] {
  return [
    ...options.map(({ label, value }) => ({ label, value })),
    ...(customDates ? [{ label: customLabel, value: customPeriod }] : []),
  ];
}

/** The first option the tenant lists, which is also the platform's default. */
export function initialChoice(options: readonly { value: string }[]): PeriodChoice {
  return { period: options[0]?.value ?? '', from: '', to: '' };
}

/** The request's period fields, or null while a custom range is incomplete or backwards. */
export function periodRequest(choice: PeriodChoice): DocumentPeriod | null {
  if (choice.period !== customPeriod) return choice.period ? { period: choice.period } : null;
  if (!choice.from || !choice.to || choice.from > choice.to) return null;
  return { period: customPeriod, from_date: choice.from, to_date: choice.to };
}

/**
 * The choice that covers a range the page shows: the option with exactly these dates, else custom
 * dates where allowed, else none.
 */
export function choiceForRange(
  range: DateRange | null,
  options: readonly ExportOption[],
  customDates: boolean,
  today: string,
): PeriodChoice | null {
  if (!range) return null;
  const match = options.find((option) => {
    const dates = periodRange(option, today);
    return dates?.from === range.from && dates.to === range.to;
  });
  if (match) return { period: match.value, from: '', to: '' };
  return customDates ? { period: customPeriod, from: range.from, to: range.to } : null;
}
