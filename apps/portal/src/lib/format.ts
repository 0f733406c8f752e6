import { locale } from './i18n.ts';

const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: 'AUD' });
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Periods and month boundaries are Sydney's (DESIGN §3), so instants are shown in Sydney time.
const displayTimeZone = 'Australia/Sydney';

/** Money in Australian dollars: the wire's decimal string ('-42.50') or a number. */
export function formatMoney(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (typeof amount === 'string' && (amount.trim() === '' || !Number.isFinite(value))) {
    throw new RangeError(`Not an amount of money: '${amount}'`);
  }
  return moneyFormat.format(value);
}

/**
 * A 'YYYY-MM-DD' date is a calendar day and is shown as that day wherever the browser is;
 * a timestamp or Date is an instant and is shown on Sydney's calendar.
 */
export function formatDate(
  value: string | Date,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
): string {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number);
    const utcDay = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
    return dateFormat({ ...options, timeZone: 'UTC' }).format(utcDay);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: '${String(value)}'`);
  return dateFormat({ timeZone: displayTimeZone, ...options }).format(date);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Making a formatter costs far more than using one, and a table formats hundreds of dates. */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
