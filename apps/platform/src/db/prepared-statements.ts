import type pg from 'pg';
import { preparedStatementsPerConnection, StatementCache, statementName } from './statement-cache.ts';

type Query = (...args: unknown[]) => unknown;

/**
 * Makes every parameterised statement that `client` runs a named prepared statement, so that
 * PostgreSQL parses it once per connection and, after a few runs, reuses its plan instead of
 * planning it again on each request (docs/database.md "Prepared statements": the server's CPU per
 * request halves on the hot reads). Kysely builds the same text for the same query shape and passes
 * the values apart, so each shape is one statement; the name is a hash of the text.
 *
 * Left as they were: what `mayPrepare` (db/statement-cache.ts) excludes, cursors and anything not
 * passed as `(text, values)`. At most `limit` texts a connection are prepared.
 */
export function usePreparedStatements(client: pg.ClientBase, limit = preparedStatementsPerConnection): void {
  const names = new StatementCache<string>(limit);
  const query = client.query.bind(client) as Query;
  const prepared: Query = (text, values, ...rest) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length > 0)
      return query(text, values, ...rest);
    let name = names.find(text, values);
    if (name === undefined) {
      name = statementName(text);
      names.remember(text, name);
    }
    if (name === null) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      names.failed(text, error);
      throw error;
    });
  };
  (client as unknown as { query: Query }).query = prepared;
}
