import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePreparedStatements } from './prepared-statements.ts';
import { planEachRun, statementName } from './statement-cache.ts';

/** A client that records what it was asked to run and answers nothing in particular. */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = {
    query: async (...args: unknown[]) => {
      calls.push(args);
      return { rows: [], command: 'SELECT', rowCount: 0 };
    },
  };
  return { client: client as unknown as pg.ClientBase, calls };
}

describe('usePreparedStatements', () => {
  it('names a parameterised statement after its text and reuses the name', async () => {
    const { client, calls } = recordingClient();
    usePreparedStatements(client);
    const text = 'select * from clients where id = $1';
    await client.query(text, [1]);
    await client.query(text, [2]);
    await client.query('select * from clients where id = $1 and tenant_id = $2', [1, 'waratah']);
    expect(calls).toEqual([
      [{ name: statementName(text), text, values: [1] }],
      [{ name: statementName(text), text, values: [2] }],
      [
        {
          name: statementName('select * from clients where id = $1 and tenant_id = $2'),
          text: 'select * from clients where id = $1 and tenant_id = $2',
          values: [1, 'waratah'],
        },
      ],
    ]);
    expect(statementName(text)).toMatch(/^w_[A-Za-z0-9_-]{27}$/);
  });

  it('leaves statements planned each run or without parameters, query objects and callbacks as they are', async () => {
    const { client, calls } = recordingClient();
    usePreparedStatements(client);
    const callback = () => {};
    await client.query('begin', []);
    await client.query('create table a (id int); create table b (id int)');
    await client.query({ text: 'select $1::int', values: [1] });
    await client.query(`${planEachRun} select * from transactions where client_id = $1`, [7]);
    (client.query as (...args: unknown[]) => unknown)('select $1::int', [1], callback);
    expect(calls).toEqual([
      ['begin', []],
      ['create table a (id int); create table b (id int)', undefined],
      [{ text: 'select $1::int', values: [1] }, undefined],
      [`${planEachRun} select * from transactions where client_id = $1`, [7]],
      ['select $1::int', [1], callback],
    ]);
  });

  it('prepares at most `limit` texts a connection and runs the rest unprepared', async () => {
    const { client, calls } = recordingClient();
    usePreparedStatements(client, 2);
    for (const size of [1, 2, 3, 1]) {
      const placeholders = Array.from({ length: size }, (_, index) => `$${index + 1}`).join(', ');
      await client.query(`select * from clients where id in (${placeholders})`, Array(size).fill(1));
    }
    expect(calls.map(([first]) => typeof first === 'object' && first !== null && 'name' in first)).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('prepared statements on PostgreSQL', () => {
  let client: pg.Client;
  const prepared = async () =>
    (
      await client.query<{ name: string }>(
        "select name from pg_prepared_statements where name like 'w\\_%' order by name",
      )
    ).rows.map((row) => row.name);

  beforeAll(async () => {
    client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    usePreparedStatements(client);
  });
  afterAll(() => client?.end());

  it('keeps one server-side statement per text, answering as an unprepared one would', async () => {
    const text = 'select $1::int + 1 as next';
    expect((await client.query(text, [1])).rows).toEqual([{ next: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ next: 42 }]);
    await client.query('select 1 as one');
    expect(await prepared()).toEqual([statementName(text)]);
  });

  it('runs a statement whose parse failed again once it is right, and several statements in one text', async () => {
    await expect(client.query('select $1::int from nowhere_at_all', [1])).rejects.toThrow(/nowhere_at_all/);
    await client.query('create temporary table later (id int); insert into later values (7)');
    await expect(client.query('select $1::int from nowhere_at_all', [1])).rejects.toThrow(/nowhere_at_all/);
    expect((await client.query('select id from later where id = $1', [7])).rows).toEqual([{ id: 7 }]);
  });

  it('answers once with the error when a table changes under a statement, then runs it unprepared', async () => {
    await client.query('create temporary table changing (id int)');
    await client.query('insert into changing values (1)');
    const text = 'select * from changing where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await client.query('alter table changing add column note text');
    await expect(client.query(text, [1])).rejects.toThrow('cached plan must not change result type');
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, note: null }]);
  });
});
