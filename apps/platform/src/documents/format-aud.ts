import { formatCents } from '../aggregation/cents.ts';

/** Whole cents as en-AU dollars, `$1,234.56` / `-$1,234.56`, by string work (no float). */
export function formatAud(cents: number): string {
  const decimal = formatCents(cents);
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

const sydneyDateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A moment as Sydney wall time, e.g. `23 Nov 2026, 8:04 am AEDT`. */
export function formatSydneyDateTime(moment: Date): string {
  return sydneyDateTime.format(moment);
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-07-01` → `1 Jul 2025`. */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${months[Number(month) - 1]} ${year}`;
}
