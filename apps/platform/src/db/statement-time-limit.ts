import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;

/** What node-postgres rejects a statement with when its `query_timeout` passes. */
export const statementTimeoutMessage = 'Query read timeout';

/**
 * Bounds how long each statement `client` runs waits for PostgreSQL's answer to `limitMs()`
 * milliseconds (0: no bound), read at each statement, so a limit armed later applies to the
 * connections already open. Without it, a database that stops answering without closing its
 * connections (a network partition, a stalled host) kept every request waiting for as long as TCP
 * took to give up, many minutes, and every request after it queued behind them.
 *
 * A statement past its limit fails with node-postgres' `Query read timeout` (503 `unavailable`,
 * errors/database-unavailable.ts), and its connection is closed: the statement may still be
 * running, and an answer arriving later would be read as the next statement's. The pool opens a
 * new connection for the next request (within its connect timeout). PostgreSQL's own
 * `statement_timeout` cannot do this: a server that does not answer does not time out either.
 *
 * Statements passed as text and values (what Kysely sends) or as a config object are bounded;
 * cursors and callback calls pass as they are.
 */
export function limitStatementTime(client: pg.ClientBase, limitMs: () => number): void {
  const query = client.query.bind(client) as Query;
  const limited: Query = (statement, values, ...rest) => {
    const limit = limitMs();
    if (limit <= 0 || rest.length > 0 || typeof values === 'function')
      return query(statement, values, ...rest);
    let config: Record<string, unknown>;
    if (typeof statement === 'string') config = { text: statement, values, query_timeout: limit };
    else if (isPlainConfig(statement)) config = { ...statement, query_timeout: limit };
    else return query(statement, values, ...rest);
    if (values !== undefined && typeof statement !== 'string') config.values = values;
    return (query(config) as Promise<unknown>).catch((error: unknown) => {
      if (error instanceof Error && error.message === statementTimeoutMessage) closeConnection(client);
      throw error;
    });
  };
  (client as unknown as { query: Query }).query = limited;
}

/** A `{ text, values, name }` object, not a cursor or another submittable. */
function isPlainConfig(statement: unknown): statement is Record<string, unknown> {
  return (
    typeof statement === 'object' &&
    statement !== null &&
    typeof (statement as { text?: unknown }).text === 'string' &&
    typeof (statement as { submit?: unknown }).submit !== 'function'
  );
}

/**
 * Ends the connection: `end` marks the client ending at once, so the pool drops it when it is
 * released (right after this statement's failure) instead of handing it to the next statement, and
 * closes its socket without waiting, as a statement is still unanswered on it.
 */
function closeConnection(client: pg.ClientBase): void {
  (client as pg.Client).end().catch(() => {});
}
