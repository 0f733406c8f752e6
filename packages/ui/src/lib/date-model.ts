import { format, isValid, parse } from 'date-fns';

/** Spec §3, §9: model dates are strings formatted YYYY-MM-DD. */
export const DATE_MODEL_FORMAT = 'yyyy-MM-dd';

export function toModelDate(date: Date): string {
  return format(date, DATE_MODEL_FORMAT);
}

/** The date a model string names, or undefined for an empty or malformed one. */
export function fromModelDate(value: string | undefined | null): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parse(value, DATE_MODEL_FORMAT, new Date());
  return isValid(date) ? date : undefined;
}

/** How a model date reads on screen, e.g. '5 Mar 2025'. */
export function displayDate(value: string | undefined): string | undefined {
  const date = fromModelDate(value);
  return date ? format(date, 'd MMM yyyy') : undefined;
}
