import { isCalendarDate, maxDatabaseId } from '@waratah/contracts';
import { AppError } from '../../errors/app-error.ts';

/** A position in the newest-first list: the transaction's date and id, `2026-03-01_1234`. */
export interface TransactionCursor {
  date: string;
  id: number;
}

export function encodeTransactionCursor(cursor: TransactionCursor): string {
  return `${cursor.date}_${cursor.id}`;
}

export function decodeTransactionCursor(value: string, field: 'before' | 'after'): TransactionCursor {
  const match = /^(\d{4}-\d{2}-\d{2})_(\d{1,10})$/.exec(value);
  // A real day and an id the column holds: before 2026-11-30, `2026-02-30_1` or `…_9999999999`
  // reached the query's casts and answered 500.
  if (!match?.[1] || !match[2] || !isCalendarDate(match[1]) || Number(match[2]) > maxDatabaseId) {
    const message = 'must be a cursor from a previous page';
    throw new AppError('validation_failed', `querystring.${field} ${message}`, {
      fields: [{ field: `querystring.${field}`, message }],
    });
  }
  return { date: match[1], id: Number(match[2]) };
}
