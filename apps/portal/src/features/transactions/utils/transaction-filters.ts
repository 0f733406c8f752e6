import { transactionFilterFields, transactionFilterQuerySchema } from '@waratah/contracts';

/** The filters the page offers, named in the URL exactly as the platform's query names them. */
export const transactionFilterKeys = [
  'account_ids',
  'from_date',
  'to_date',
  'budget_category',
  'transaction_category_ids',
  'base_type',
  'min_amount',
  'max_amount',
  'search_term',
] as const;
export type TransactionFilterKey = (typeof transactionFilterKeys)[number];

/** Filters as the URL holds them: each a raw string the platform accepts. */
export type TransactionFilters = Partial<Record<TransactionFilterKey, string>>;

/** Where the list stands: a cursor of the platform's keyset paging and the page number it is. */
export interface TransactionPagePosition {
  after?: string;
  before?: string;
  page: number;
}

/**
 * The filters of a shared or reloaded URL. A value the platform would refuse (a bad date, an
 * amount range upside down) is left out rather than failing the whole page.
 */
export function readTransactionFilters(params: URLSearchParams): TransactionFilters {
  const filters: TransactionFilters = {};
  for (const key of transactionFilterKeys) {
    const value = params.get(key)?.trim();
    if (value && transactionFilterFields.shape[key].safeParse(value).success) filters[key] = value;
  }
  // Both directions is no direction filter: read as none, it has no tag and the form shows 'Money in
  // and out' (before 2026-12-02 it was named 'Money out (debits)' and the form's choice was blank).
  if (filters.base_type === 'debit_credit') delete filters.base_type;
  const checked = transactionFilterQuerySchema.safeParse(filters);
  if (!checked.success) {
    for (const issue of checked.error.issues) delete filters[issue.path[0] as TransactionFilterKey];
  }
  return filters;
}

// The platform's cursors name a position as `<date>_<id>`; an edited or truncated one would only
// be refused, so the list starts from its first page instead.
const CURSOR = /^\d{4}-\d{2}-\d{2}_\d{1,10}$/;

function readCursor(params: URLSearchParams, key: 'after' | 'before'): string | null {
  const value = params.get(key);
  return value && CURSOR.test(value) ? value : null;
}

export function readTransactionPagePosition(params: URLSearchParams): TransactionPagePosition {
  const page = Number(params.get('page'));
  const after = readCursor(params, 'after');
  const before = readCursor(params, 'before');
  const hasCursor = Boolean(after || before);
  return {
    ...(after ? { after } : {}),
    ...(before && !after ? { before } : {}),
    page: hasCursor && Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's query for filters and a page position; the first page carries no paging at all. */
export function transactionSearchParams(
  filters: TransactionFilters,
  position: TransactionPagePosition = { page: 1 },
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of transactionFilterKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (position.page > 1 && (position.after || position.before)) {
    if (position.after) params.set('after', position.after);
    else if (position.before) params.set('before', position.before);
    params.set('page', String(position.page));
  }
  return params;
}

export function countActiveFilters(filters: TransactionFilters): number {
  return transactionFilterKeys.filter((key) => filters[key]).length;
}
