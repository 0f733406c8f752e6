import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteStatements } from './pglite-prepared-statements.ts';
import { inThisThread } from './pglite-session.ts';
import { planEachRun, statementName } from './statement-cache.ts';

describe('prepared statements on PGlite', () => {
  let client: PGlite;
  let query: ReturnType<typeof createPgliteStatements>;
  const prepared = async () =>
    (
      await client.query<{ name: string }>(
        "select name from pg_prepared_statements where name like 'w\\_%' order by name",
      )
    ).rows.map((row) => row.name);

  beforeAll(async () => {
    client = await PGlite.create();
    query = createPgliteStatements(inThisThread(client));
    await client.exec(`
      create table notes (id serial primary key, day date not null, amount numeric(12, 2), body text, tags text[]);
      insert into notes (day, amount, body, tags) values
        ('2026-01-02', 10.50, 'one', '{a,b}'), ('2026-01-03', null, 'two', '{}'), ('2026-01-04', -3.25, 'three', null);
    `);
  });
  afterAll(() => client?.close());

  it('answers exactly as query() does, and keeps one statement per text', async () => {
    const text =
      'select id, day::text as day, amount, body, tags from notes where id >= $1 and body <> $2 order by id';
    const expected = await client.query(text, [2, 'nothing']);
    const first = await query(text, [2, 'nothing']);
    const second = await query(text, [1, 'one']);
    expect(first.rows).toEqual(expected.rows);
    expect(first.fields).toEqual(expected.fields);
    expect(second.rows.map((row) => (row as { body: string }).body)).toEqual(['two', 'three']);
    expect(await prepared()).toEqual([statementName(text)]);
  });

  it('leaves a statement that asks to be planned each run unprepared', async () => {
    const before = await prepared();
    const answer = await query<{ id: number }>(`${planEachRun} select id from notes where id = $1`, [1]);
    expect(answer.rows).toEqual([{ id: 1 }]);
    expect(await prepared()).toEqual(before);
  });

  it('serialises values by the parameter types PostgreSQL inferred: dates, arrays, null', async () => {
    const text =
      'select count(*)::int as count from notes where day >= $1 and (tags && $2 or $3::text is null)';
    const answer = await query<{ count: number }>(text, [new Date('2026-01-03T00:00:00Z'), ['a'], null]);
    expect(answer.rows).toEqual([{ count: 2 }]);
  });

  it('reports the rows a write touched and what it returned', async () => {
    const inserted = await query<{ id: number }>(
      'insert into notes (day, body) values ($1, $2), ($1, $3) returning id',
      ['2026-02-01', 'four', 'five'],
    );
    expect(inserted.rows).toHaveLength(2);
    expect(inserted.affectedRows).toBe(2);
    const updated = await query('update notes set body = body || $1 where day = $2', ['!', '2026-02-01']);
    expect(updated.rows).toEqual([]);
    expect(updated.affectedRows).toBe(2);
    const deleted = await query('delete from notes where day = $1', ['2026-02-01']);
    expect(deleted.affectedRows).toBe(2);
  });

  it('throws the database error of a bad value and carries on, inside a transaction as outside', async () => {
    const text = 'select id from notes where id = $1';
    await expect(query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await query(text, [1])).rows).toEqual([{ id: 1 }]);

    await client.query('begin');
    await expect(query(text, ['still not a number'])).rejects.toMatchObject({ code: '22P02' });
    await expect(query(text, [1])).rejects.toMatchObject({ code: '25P02' });
    await client.query('rollback');
    expect((await query(text, [1])).rows).toEqual([{ id: 1 }]);
  });

  it('answers a statement that cannot be prepared through query(), with its usual error', async () => {
    const text = 'select id from later_table where id = $1';
    await expect(query(text, [1])).rejects.toThrow('relation "later_table" does not exist');
    await client.exec('create table later_table (id int); insert into later_table values (1)');
    expect((await query(text, [1])).rows).toEqual([{ id: 1 }]);
  });

  it('answers once with the error when a table changes under a statement, then runs it unprepared', async () => {
    await client.exec('create table changing (id int); insert into changing values (1)');
    const text = 'select * from changing where id = $1';
    expect((await query(text, [1])).rows).toEqual([{ id: 1 }]);
    await client.exec('alter table changing add column note text');
    await expect(query(text, [1])).rejects.toThrow('cached plan must not change result type');
    expect((await query(text, [1])).rows).toEqual([{ id: 1, note: null }]);
  });

  it('prepares at most `limit` texts; later ones and statements without parameters still answer', async () => {
    const before = (await prepared()).length;
    const query = createPgliteStatements(inThisThread(client), 5);
    for (let size = 1; size <= 8; size++) {
      const list = Array.from({ length: size }, (_, index) => `$${index + 1}`).join(', ');
      const answer = await query(`select count(*)::int as count from notes where id in (${list})`, [
        ...Array(size).keys(),
      ]);
      expect(answer.rows).toHaveLength(1);
    }
    expect((await query('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
    expect((await prepared()).length - before).toBe(5);
  });
});
