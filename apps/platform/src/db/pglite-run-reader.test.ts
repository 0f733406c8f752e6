import { messages, PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteStatements } from './pglite-prepared-statements.ts';
import { inThisThread } from './pglite-session.ts';

// `readRun` is reached through the prepared statements: each answer must equal PGlite's own `query()`.
describe('reading a prepared run on PGlite', () => {
  let client: PGlite;
  let query: ReturnType<typeof createPgliteStatements>;

  beforeAll(async () => {
    client = await PGlite.create();
    query = createPgliteStatements(inThisThread(client));
    await client.exec(`
      create table kinds (
        id int primary key, big bigint, amount numeric(14, 2), ratio float8, yes boolean, day date,
        at timestamptz, doc jsonb, tags text[], raw bytea, body text, "__proto__" text
      );
      insert into kinds values
        (1, 9007199254740993, -42.50, 0.1, true, '2026-11-25', '2026-11-25T01:02:03.456Z', '{"a": [1, "x"]}',
         '{a,"b c"}', '\\x00ff', 'é😀 "quoted" \\ back', 'not the prototype'),
        (2, null, null, null, null, null, null, null, null, null, '', null);
    `);
  });
  afterAll(() => client?.close());

  it('decodes every type as query() does, nulls and empty strings included', async () => {
    const text = 'select * from kinds where id >= $1 order by id';
    const expected = await client.query(text, [1]);
    const answer = await query(text, [1]);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.fields).toEqual(expected.fields);
    expect(answer.affectedRows).toBe(expected.affectedRows);
    const [first] = answer.rows as Record<string, unknown>[];
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.keys(first ?? {})).toContain('__proto__');
  });

  it('reads a long answer the engine hands over in pieces', async () => {
    const text = `select n, repeat('ü', 300) || n as body from generate_series(1, $1::int) as n`;
    const expected = await client.query(text, [5_000]);
    const answer = await query(text, [5_000]);
    expect(answer.rows).toHaveLength(5_000);
    expect(answer.rows).toEqual(expected.rows);
  });

  it('answers no rows, and counts the rows a write touched', async () => {
    expect((await query('select id from kinds where id = $1', [99])).rows).toEqual([]);
    const updated = await query('update kinds set body = $1 where id > $2', ['changed', 0]);
    expect(updated).toMatchObject({ rows: [], affectedRows: 2 });
  });

  it("throws PGlite's own error, with the fields query() gives", async () => {
    const text = 'insert into kinds (id, body) values ($1, $2)';
    const expected = await client.query(text, [1, 'again']).catch((error: unknown) => error);
    const error = await query(text, [1, 'again']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({
      message: (expected as Error).message,
      code: '23505',
      constraint: 'kinds_pkey',
      detail: 'Key (id)=(1) already exists.',
    });
    expect((await query('select count(*)::int as count from kinds where id > $1', [0])).rows).toEqual([
      { count: 2 },
    ]);
  });
});
