import { sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../errors/database-unavailable.ts';
import { openPostgresDatabase } from './open-postgres-database.ts';
import { limitStatementTime } from './statement-time-limit.ts';

/** A client that records what it was asked to run. */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = {
    query: async (...args: unknown[]) => {
      calls.push(args);
      return { rows: [] };
    },
  };
  return { client: client as unknown as pg.ClientBase, calls };
}

describe('limitStatementTime', () => {
  it('gives text and values, and config objects, the limit read at each statement', async () => {
    const { client, calls } = recordingClient();
    let limit = 0;
    limitStatementTime(client, () => limit);
    await client.query('select 1');
    limit = 250;
    await client.query('select $1', [1]);
    await client.query({ name: 'w_x', text: 'select $1', values: [2] });
    expect(calls).toEqual([
      ['select 1', undefined],
      [{ text: 'select $1', values: [1], query_timeout: 250 }],
      [{ name: 'w_x', text: 'select $1', values: [2], query_timeout: 250 }],
    ]);
  });

  it('leaves cursors and callback calls as they are', async () => {
    const { client, calls } = recordingClient();
    limitStatementTime(client, () => 250);
    const cursor = { text: 'select 1', submit: () => {} };
    const callback = () => {};
    await client.query(cursor as never);
    await (client.query as (...args: unknown[]) => unknown)('select 1', callback);
    expect(calls).toEqual([
      [cursor, undefined],
      ['select 1', callback],
    ]);
  });
});

// Against a real PostgreSQL server (CI's second pass): a statement that takes longer than the limit.
describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL pool with a statement limit', () => {
  it('fails a statement past it as unavailable, drops its connection, and serves the next one', async () => {
    const database = openPostgresDatabase(process.env.DATABASE_URL ?? '');
    try {
      const backend = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]?.pid;
      const before = await backend();
      // Not armed: a slow statement runs to its end.
      await sql`select pg_sleep(0.3)`.execute(database.db);
      database.limitStatements?.(100);
      const started = performance.now();
      const slow = await sql`select pg_sleep(${2})`.execute(database.db).catch((error: unknown) => error);
      // Stopped before the sleep's own end (2 s), however slow the cancelling.
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(slow).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(slow)).toBe(true);
      // The next statement runs on a new connection: the old one may still be busy with the sleep.
      expect(await backend()).not.toBe(before);
      database.limitStatements?.(0);
      await sql`select pg_sleep(0.3)`.execute(database.db);
    } finally {
      await database.close();
    }
  });
});
