import { sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable, isWriteOutcomeUnknown } from '../errors/database-unavailable.ts';
import { openPostgresDatabase } from './open-postgres-database.ts';
import { markUnconfirmedWrites } from './unconfirmed-writes.ts';

/** A client on which every statement named in `failing` fails with `error`. */
function failingClient(failing: RegExp, error: () => Error) {
  const client = {
    query: async (statement: unknown) => {
      const text = typeof statement === 'string' ? statement : (statement as { text: string }).text;
      if (failing.test(text)) throw error();
      return { rows: [] };
    },
  };
  markUnconfirmedWrites(client as unknown as pg.ClientBase);
  return client as unknown as pg.ClientBase;
}

const timedOut = () => new Error('Query read timeout');
const outcome = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (error === undefined) return 'succeeded';
  return isWriteOutcomeUnknown(error) ? 'unknown' : isDatabaseUnavailable(error) ? 'unavailable' : 'other';
};

describe('markUnconfirmedWrites', () => {
  it('marks an unanswered COMMIT, and a change outside a transaction, as of unknown outcome', async () => {
    const client = failingClient(/^\s*(commit|insert|update|with)/i, timedOut);
    expect(await outcome(client.query('insert into t values (1)'))).toBe('unknown');
    expect(await outcome(client.query({ text: 'update t set a = 2', name: 'w_1' } as never))).toBe('unknown');
    expect(await outcome(client.query('with x as (delete from t returning 1) select 1'))).toBe('unknown');
    await client.query('begin');
    // Inside the transaction a failed change leaves nothing: PostgreSQL rolls the transaction back.
    expect(await outcome(client.query('insert into t values (1)'))).toBe('unavailable');
    expect(await outcome(client.query('commit'))).toBe('unknown');
    // The COMMIT ended the transaction, whatever its answer: the next change commits on its own.
    expect(await outcome(client.query('insert into t values (1)'))).toBe('unknown');
    // Kysely rolls back after a failed COMMIT; on the dead connection that fails too, and the
    // caller must still learn that the COMMIT's outcome is unknown.
    const dead = failingClient(/^\s*(commit|rollback)/i, timedOut);
    await dead.query('begin');
    expect(await outcome(dead.query('commit'))).toBe('unknown');
    expect(await outcome(dead.query('rollback'))).toBe('unknown');
    await client.query('start transaction isolation level serializable');
    await client.query('rollback');
    expect(await outcome(client.query('update t set a = 1'))).toBe('unknown');
    // A savepoint rolled back stays inside the transaction.
    await client.query('begin');
    await client.query('savepoint s1');
    await client.query('rollback to savepoint s1');
    expect(await outcome(client.query('insert into t values (3)'))).toBe('unavailable');
    await client.query('rollback');
  });

  it('leaves reads, other failures and a connection that sent nothing as they were', async () => {
    const reads = failingClient(/^select/, timedOut);
    expect(await outcome(reads.query('select 1'))).toBe('unavailable');
    const broken = failingClient(
      /^insert/,
      () => new Error('duplicate key value violates unique constraint'),
    );
    expect(await outcome(broken.query('insert into t values (1)'))).toBe('other');
    const ended = failingClient(
      /^commit/,
      () => new Error('Client has encountered a connection error and is not queryable'),
    );
    expect(await outcome(ended.query('commit'))).toBe('unavailable');
  });
});

// Against a real PostgreSQL server (CI's second pass): a COMMIT that outlasts the statement limit.
describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL commit past the statement limit', () => {
  it('fails as of unknown outcome, and the change may indeed have been made', async () => {
    const database = openPostgresDatabase(process.env.DATABASE_URL ?? '');
    const suffix = `${process.pid}_${Date.now()}`;
    const table = sql.table(`unconfirmed_commit_${suffix}`);
    const sleeper = sql.ref(`unconfirmed_commit_sleep_${suffix}`);
    try {
      await sql`create table ${table} (id int primary key)`.execute(database.db);
      await sql`create function ${sleeper}() returns trigger language plpgsql as
        $$ begin perform pg_sleep(0.6); return null; end $$`.execute(database.db);
      // A check run at COMMIT (a deferred constraint trigger), slower than the limit below.
      await sql`create constraint trigger slow_commit after insert on ${table}
        deferrable initially deferred for each row execute function ${sleeper}()`.execute(database.db);
      // The limit is armed just before the COMMIT (and the sleep), so that only they can pass it
      // on a loaded machine.
      const committed = database.db.transaction().execute(async (trx) => {
        await sql`insert into ${table} values (1)`.execute(trx);
        database.limitStatements?.(200);
      });
      expect(await outcome(committed)).toBe('unknown');
      database.limitStatements?.(0);
      // A change inside the transaction that outlasts the limit is rolled back: plainly unavailable.
      const inside = database.db.transaction().execute(async (trx) => {
        await sql`insert into ${table} values (2)`.execute(trx);
        database.limitStatements?.(200);
        await sql`select pg_sleep(0.6)`.execute(trx);
      });
      expect(await outcome(inside)).toBe('unavailable');
      database.limitStatements?.(0);
      // The server finished the first COMMIT after the caller stopped waiting; the second never committed.
      // A loaded server may take a while to finish it: look until it shows (10 s at most).
      const ids = async () =>
        (await sql<{ id: number }>`select id from ${table} order by id`.execute(database.db)).rows.map(
          (row) => row.id,
        );
      await vi.waitFor(async () => expect(await ids()).toContain(1), { timeout: 10_000, interval: 100 });
      expect(await ids()).toEqual([1]);
    } finally {
      database.limitStatements?.(0);
      await sql`drop table if exists ${table}`.execute(database.db);
      await sql`drop function if exists ${sleeper}()`.execute(database.db);
      await database.close();
    }
  });
});
