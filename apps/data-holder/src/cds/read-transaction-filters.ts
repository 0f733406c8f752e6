import type { LedgerTransaction } from '../data/holder-data.ts';
import { parseAmount } from './amount-string.ts';
import { CdsError } from './cds-error.ts';

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const defaultSpanMs = 90 * 86_400_000;

function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? String(value[0]) : String(value);
}

function readTime(query: Record<string, unknown>, name: string): number | undefined {
  const text = single(query[name]);
  if (text === undefined) return undefined;
  if (!rfc3339.test(text) || Number.isNaN(Date.parse(text))) {
    throw new CdsError('invalidDateTime', `${name} must be an RFC 3339 date-time, got '${text}'`);
  }
  return Date.parse(text);
}

function readAmount(query: Record<string, unknown>, name: string): number | undefined {
  const text = single(query[name]);
  if (text === undefined) return undefined;
  const cents = parseAmount(text);
  if (cents === undefined)
    throw new CdsError('invalidField', `${name} must be an AmountString such as "-42.50"`);
  return cents;
}

/**
 * oldest-time/newest-time (inclusive, on the effective time; the standard's default window is the
 * 90 days before newest-time, itself defaulting to now), min-amount/max-amount and text.
 */
export function readTransactionFilters(
  query: Record<string, unknown>,
  now: Date,
): (transaction: LedgerTransaction) => boolean {
  const newest = readTime(query, 'newest-time') ?? now.getTime();
  const oldest = readTime(query, 'oldest-time') ?? newest - defaultSpanMs;
  const minimum = readAmount(query, 'min-amount');
  const maximum = readAmount(query, 'max-amount');
  const text = single(query.text)?.toLowerCase();
  return (transaction) =>
    transaction.effectiveAt >= oldest &&
    transaction.effectiveAt <= newest &&
    (minimum === undefined || transaction.amountCents >= minimum) &&
    (maximum === undefined || transaction.amountCents <= maximum) &&
    (text === undefined ||
      transaction.description.toLowerCase().includes(text) ||
      transaction.reference.toLowerCase().includes(text));
}
