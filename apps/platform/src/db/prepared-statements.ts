import { createHash } from 'node:crypto';
import type pg from 'pg';

/** How many statements one connection keeps prepared; past it, new texts run unprepared. */
export const preparedStatementsPerConnection = 256;

// PostgreSQL answers this when a prepared statement's result columns changed under it (a
// migration altered a table it reads); that text then runs unprepared on the connection.
export const changedResultType = 'cached plan must not change result type';

type Query = (...args: unknown[]) => unknown;

/**
 * A statement whose text starts with this comment is never prepared, so PostgreSQL plans it for
 * its own values each time. For reads whose cost grows with the client (every transaction of a
 * year): planning is then a small part of their time, and one generic plan, estimated for an
 * average client, can be much slower for a client with 100,000 transactions (the financial
 * passport: 270 → 340–385 ms on PGlite, docs/database.md).
 */
export const planEachRun = '/* planned each run */';

/**
 * Makes every parameterised statement that `client` runs a named prepared statement, so that
 * PostgreSQL parses it once per connection and, after a few runs, reuses its plan instead of
 * planning it again on each request (docs/database.md "Prepared statements": the server's CPU per
 * request halves on the hot reads). Kysely builds the same text for the same query shape and passes
 * the values apart, so each shape is one statement; the name is a hash of the text.
 *
 * Left as they were: statements that start with `planEachRun`, statements without parameters (they take the simple protocol, which allows
 * several statements in one text, as migrations do), cursors and anything not passed as
 * `(text, values)`. At most `limit` texts a connection are prepared, so a query whose text varies
 * (a list of n placeholders) cannot grow the server's memory without bound.
 */
export function usePreparedStatements(client: pg.ClientBase, limit = preparedStatementsPerConnection): void {
  const names = new Map<string, string | null>();
  const query = client.query.bind(client) as Query;
  const prepared: Query = (text, values, ...rest) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      rest.length > 0 ||
      text.startsWith(planEachRun)
    )
      return query(text, values, ...rest);
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = statementName(text);
      names.set(text, name);
    }
    if (!name) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (error instanceof Error && error.message.includes(changedResultType)) names.set(text, null);
      throw error;
    });
  };
  (client as unknown as { query: Query }).query = prepared;
}

/** The name a statement is prepared under: derived from its text, so equal texts share it. */
export function statementName(text: string): string {
  return `w_${createHash('sha1').update(text).digest('base64url')}`;
}
