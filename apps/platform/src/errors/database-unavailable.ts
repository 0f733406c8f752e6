/**
 * Whether an error means the database could not be reached or dropped the connection — a
 * dependency that is down, not a bug — so the caller gets 503 `unavailable` and may retry: the
 * pool replaces the broken connection, so the next request opens a new one (docs/reliability.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let depth = 0, current = error; depth < 5 && current instanceof Error; depth += 1) {
    if (looksUnavailable(current)) return true;
    if (current instanceof AggregateError && current.errors.some(looksUnavailable)) return true;
    current = current.cause;
  }
  return false;
}

// SQLSTATE class 08 (connection exception), 57P01–57P03 (admin or crash shutdown, cannot connect
// now) and 53300 (too many connections); the system errors of a refused, reset or lost socket.
const sqlStates = /^(08...|57P0[123]|53300)$/;
const systemCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// What node-postgres throws without a code when the socket ends, the pool cannot connect in time or
// a statement is not answered in time.
const driverMessages = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end/,
  // A statement PostgreSQL did not answer within DATABASE_STATEMENT_TIMEOUT_SECONDS (db/statement-time-limit.ts).
  /^Query read timeout$/,
];

function looksUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined && (sqlStates.test(code) || systemCodes.has(code))) return true;
  return driverMessages.some((pattern) => pattern.test(error.message));
}

/**
 * A change the database may or may not have made: its `COMMIT` (or the change itself, outside a
 * transaction) was sent and never answered (`db/unconfirmed-writes.ts`). Still an unavailable
 * database (its cause), but the caller must not simply send the change again: 503 `F9991`.
 */
export class WriteOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('The database did not confirm a change it was sent; it may or may not have been made', { cause });
    this.name = 'WriteOutcomeUnknown';
  }
}

/** Whether `error` is, or was caused by, a `WriteOutcomeUnknown`. */
export function isWriteOutcomeUnknown(error: unknown): boolean {
  for (let depth = 0, current = error; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof WriteOutcomeUnknown) return true;
    current = current.cause;
  }
  return false;
}
