import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages, PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../errors/database-unavailable.ts';
import { createPgliteStatements } from './pglite-prepared-statements.ts';
import { inThisThread, type PgliteSession } from './pglite-session.ts';
import { pgliteTypeHandlers } from './pglite-type-handlers.mjs';
import { openPgliteWorker } from './pglite-worker-session.ts';

const schema = [
  `create table kinds (
    id int primary key, big bigint, amount numeric(14, 2), ratio float8, yes boolean, day date,
    at timestamptz, doc jsonb, tags text[], ids int[], raw bytea, body text)`,
  `insert into kinds values
    (1, 9007199254740993, -42.50, 0.1, true, '2026-11-25', '2026-11-25T01:02:03.456Z', '{"a": [1, "x"]}',
     '{a,"b c"}', '{3,1,2}', '\\x00ff', 'é😀 "quoted" \\ back'),
    (2, null, null, null, null, null, null, null, null, null, null, '')`,
];

describe('the embedded database on a worker thread', () => {
  let here: PGlite;
  let worker: PgliteSession;

  beforeAll(async () => {
    [here, worker] = await Promise.all([PGlite.create({ ...pgliteTypeHandlers }), openPgliteWorker()]);
    for (const statement of schema) {
      await here.query(statement);
      await worker.query(statement, []);
    }
  });
  afterAll(async () => {
    await Promise.all([here?.close(), worker?.close()]);
  });

  it('answers prepared statements exactly as PGlite on this thread does, parameters of every type included', async () => {
    const onThisThread = createPgliteStatements(inThisThread(here));
    const onTheWorker = createPgliteStatements(worker);
    const texts: [string, unknown[]][] = [
      ['select * from kinds where id >= $1 order by id', [1]],
      [
        'select id from kinds where tags && $1 or ids @> $2 or day = $3',
        [['b c'], [2], new Date('2026-11-25')],
      ],
      [
        'select $1::jsonb as doc, $2::bytea as raw, $3::bigint + 1 as big',
        [{ n: [1] }, new Uint8Array([1, 2]), 5n],
      ],
      ['update kinds set body = body || $1 where id = $2 returning id, body', ['!', 2]],
    ];
    for (const [text, values] of texts) {
      const expected = await onThisThread(text, values);
      const answer = await onTheWorker(text, values);
      expect(answer.rows).toEqual(expected.rows);
      expect(answer.fields).toEqual(expected.fields);
      expect(answer.affectedRows).toBe(expected.affectedRows);
    }
  });

  it("answers PGlite's own query() the same, for statements that are not prepared", async () => {
    const text = 'select id, tags, at from kinds order by id';
    expect(await worker.query(text, [])).toEqual(await here.query(text, []));
  });

  it('gives PostgreSQL errors with their SQLSTATE and fields, on both paths, and goes on', async () => {
    const prepared = createPgliteStatements(worker);
    const duplicate = prepared('insert into kinds (id) values ($1)', [1]);
    await expect(duplicate).rejects.toBeInstanceOf(messages.DatabaseError);
    await expect(duplicate).rejects.toMatchObject({
      code: '23505',
      constraint: 'kinds_pkey',
      table: 'kinds',
    });
    const direct = worker.query('insert into kinds (id) values (1)', []);
    await expect(direct).rejects.toBeInstanceOf(messages.DatabaseError);
    await expect(direct).rejects.toMatchObject({ code: '23505', detail: 'Key (id)=(1) already exists.' });
    await expect(prepared('select id from kinds where id = $1', ['one'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await prepared('select id from kinds where id = $1', [2])).rows).toEqual([{ id: 2 }]);
  });

  it("keeps the main thread's event loop turning while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    try {
      const started = performance.now();
      await worker.query('select count(*) from generate_series(1, 4000000)', []);
      // On this thread the engine would hold the loop for the whole statement: no tick at all.
      expect(performance.now() - started).toBeGreaterThan(50);
      expect(ticks).toBeGreaterThan(2);
    } finally {
      clearInterval(timer);
    }
  });
});

describe('the embedded database worker, opened and stopped', () => {
  it('persists to its directory, and rejects a directory it cannot open with the engine’s reason', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'waratah-pglite-worker-'));
    try {
      const first = await openPgliteWorker(join(directory, 'db'));
      await first.query('create table kept (n int)', []);
      await first.query('insert into kept values (7)', []);
      await first.close();
      const again = await openPgliteWorker(join(directory, 'db'));
      expect((await again.query('select n from kept', [])).rows).toEqual([{ n: 7 }]);
      await again.close();

      await writeFile(join(directory, 'a-file'), 'not a directory');
      await expect(openPgliteWorker(join(directory, 'a-file'))).rejects.toThrow();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('answers every call after the worker stopped with a connection failure (503), not a hang', async () => {
    const session = await openPgliteWorker();
    await session.close();
    const after = session.query('select 1', []);
    await expect(after).rejects.toMatchObject({ code: '08006' });
    expect(isDatabaseUnavailable(await after.catch((error: unknown) => error))).toBe(true);
    await expect(session.exchange(new Uint8Array([0x53, 0, 0, 0, 4]))).rejects.toMatchObject({
      code: '08006',
    });
  });

  it('does not keep a process alive once nothing waits for it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'waratah-pglite-worker-'));
    const script = join(directory, 'forgets-to-close.mjs');
    const session = fileURLToPath(new URL('./pglite-worker-session.ts', import.meta.url));
    await writeFile(
      script,
      `import { openPgliteWorker } from ${JSON.stringify(session)};
      const { rows } = await (await openPgliteWorker()).query('select 41 + 1 as n', []);
      console.log(rows[0].n);`,
    );
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stdout.trim()).toBe('42');
      expect(run.status).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
