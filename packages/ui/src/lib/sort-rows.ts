export type SortOrder = 'asc' | 'desc';

const collator = new Intl.Collator('en-AU', { numeric: true, sensitivity: 'base' });

function compare(a: unknown, b: unknown): number {
  if (a == null) return b == null ? 0 : 1;
  if (b == null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A stable copy of rows ordered by one field; empty values go last either way. */
export function sortRows<Row>(rows: readonly Row[], key: keyof Row, order: SortOrder): Row[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((left, right) => {
    const a = left[key];
    const b = right[key];
    if (a == null || b == null) return compare(a, b);
    return compare(a, b) * direction;
  });
}
