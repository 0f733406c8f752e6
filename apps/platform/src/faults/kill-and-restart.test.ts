import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database-schema.ts';
import { withJobs } from '../jobs/jobs-schema.ts';
import { lockFileName } from './data-dir-lock.ts';
import { faultPoints } from './fault-point.ts';
import {
  call,
  createFaultData,
  expectUnavailable,
  type ServerProcess,
  until as waitUntil,
} from './testing/fault-server.ts';

/**
 * The fault suite (docs/reliability.md): the real server as a child process on its own port and
 * data, stopped with `kill -9` at named fault points (FAULT_PAUSE_AT, no sleeps) in the middle of
 * a bulk recategorisation, a document job and an open-banking refresh, then restarted on the same
 * data. Each step leaves the server running for the next, so the suite starts it four times.
 */
describe('kill -9 and restart', () => {
  let data: Awaited<ReturnType<typeof createFaultData>>;
  let server: ServerProcess | undefined;
  let headers: Record<string, string>;
  let chosen: number[];
  let newCategory: number;
  let providerAccountId: number;
  let beforeRefresh: { id: number; external_id: string | null; amount: string; category_id: number | null }[];

  const inspect = <T>(read: (db: Kysely<Database>) => Promise<T>) => data.inspect(read);

  /** The server the previous step left running (the steps build on each other). */
  function running(): ServerProcess {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error('The previous step left no running server');
    return server;
  }

  const until = <T>(what: string, probe: () => Promise<T | undefined>) => waitUntil(what, probe, { server });

  const providerAccountTransactions = (db: Kysely<Database>) =>
    db
      .selectFrom('transactions as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .select(['t.id', 't.external_id', 't.amount', 't.category_id'])
      .where('a.provider_account_id', '=', providerAccountId)
      .orderBy('t.id')
      .execute();

  beforeAll(async () => {
    data = await createFaultData();
    chosen = data.transactionIds.slice(0, 6);
    newCategory = await inspect(async (db) => {
      const current = await db
        .selectFrom('transactions')
        .select('category_id')
        .where('id', 'in', chosen)
        .execute();
      const used = new Set(current.map((row) => row.category_id));
      const categories = await db.selectFrom('transaction_categories').select('id').orderBy('id').execute();
      const free = categories.find((category) => !used.has(category.id));
      if (!free) throw new Error('no category to move the transactions to');
      return free.id;
    });
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    await data?.remove();
  });

  it('a bulk recategorisation killed before its commit changed no transaction', async () => {
    const before = await inspect((db) =>
      db
        .selectFrom('transactions')
        .select(['id', 'category_id'])
        .where('id', 'in', chosen)
        .orderBy('id')
        .execute(),
    );
    server = await data.start(faultPoints.transactionsBulkUpdate);
    headers = await data.signIn();
    const pending = call(data.port, 'PUT', '/api/v2/transactions/bulk', {
      headers,
      body: { transaction_ids: chosen, category_id: newCategory },
    }).catch((error: unknown) => error);
    await server.reached(faultPoints.transactionsBulkUpdate);
    await server.kill();
    expect(await pending).toBeInstanceOf(Error); // the connection died with the server: no answer

    const after = await inspect(async (db) => ({
      rows: await db
        .selectFrom('transactions')
        .select(['id', 'category_id'])
        .where('id', 'in', chosen)
        .orderBy('id')
        .execute(),
      audited: await db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'transactions.update')
        .where('client_id', '=', data.clientId)
        .execute(),
    }));
    expect(after.rows).toEqual(before);
    expect(after.audited).toEqual([]);
  }, 180_000);

  it('after a restart the same change applies to all; a document job killed mid-way resumes and completes', async () => {
    server = await data.start(faultPoints.documentsGenerate);
    headers = await data.signIn();
    const bulk = await call(data.port, 'PUT', '/api/v2/transactions/bulk', {
      headers,
      body: { transaction_ids: chosen, category_id: newCategory },
    });
    expect(bulk.status, bulk.body).toBe(200);

    // An open-banking connection to the simulated holder the server mounts, refreshed once (for the next step).
    const provider = await until('the simulated holder’s banks', async () => {
      const answer = await call(data.port, 'GET', '/api/v2/providers?name=Harbour%20Bank', { headers });
      return answer.json<{ data: { id: number }[] }>().data[0];
    });
    const connected = await call(data.port, 'POST', '/api/v2/provideraccounts', {
      headers,
      body: { provider_id: provider.id, customer_id: 'james-oconnor', sharing_days: 90 },
    });
    expect(connected.status, connected.body).toBe(201);
    providerAccountId = connected.json<{ data: { id: number } }>().data.id;
    const firstRefresh = await until('the first refresh', async () => {
      const answer = await call(data.port, 'GET', `/api/v2/provideraccounts/${providerAccountId}`, {
        headers,
      });
      const status = answer.json<{ data: { refresh_status: { status: string } } }>().data.refresh_status;
      return status.status === 'adding' || status.status === 'updating' ? undefined : status;
    });
    expect(firstRefresh.status).toBe('success');

    const requested = await call(data.port, 'POST', '/api/v2/accounts/summary', { headers, body: {} });
    expect(requested.status, requested.body).toBe(202);
    const exportId = requested.json<{ data: { id: string } }>().data.id;
    await server.reached(faultPoints.documentsGenerate);
    await server.kill();

    const stopped = await inspect(async (db) => ({
      categories: await db
        .selectFrom('transactions')
        .select('category_id')
        .where('id', 'in', chosen)
        .execute(),
      exported: await db
        .withTables<{ document_exports: { id: string; status: string } }>()
        .selectFrom('document_exports')
        .select('status')
        .where('id', '=', exportId)
        .executeTakeFirstOrThrow(),
      job: await withJobs(db)
        .selectFrom('jobs')
        .select(['state', 'attempt'])
        .where('name', '=', 'documents.generate')
        .where('singleton_key', '=', exportId)
        .executeTakeFirstOrThrow(),
      refreshed: await providerAccountTransactions(db),
    }));
    expect(stopped.categories.every((row) => row.category_id === newCategory)).toBe(true);
    expect(stopped.exported.status).toBe('running');
    expect(stopped.job).toEqual({ state: 'active', attempt: 1 });
    expect(stopped.refreshed.length).toBeGreaterThan(0);
    beforeRefresh = stopped.refreshed;

    server = await data.start(faultPoints.openBankingStorePull);
    headers = await data.signIn();
    const done = await until('the document job to settle', async () => {
      const answer = await call(data.port, 'GET', `/api/v2/documents/${exportId}`, { headers });
      const found = answer.json<{ data: { status: string; error: string | null } }>().data;
      return found.status === 'completed' || found.status === 'failed' ? found : undefined;
    });
    expect(done).toEqual({ ...done, status: 'completed', error: null });
    const file = await call(data.port, 'GET', `/api/v2/documents/${exportId}/file`, { headers });
    expect(file.status).toBe(200);
    expect(file.body.startsWith('%PDF-')).toBe(true);
  }, 240_000);

  it('a refresh killed while storing keeps the previous data, and runs again after the restart', async () => {
    const current = running();
    const refresh = await call(
      data.port,
      'PUT',
      `/api/v2/provideraccounts?provideraccount_ids=${providerAccountId}`,
      {
        headers,
      },
    );
    expect(refresh.status, refresh.body).toBe(202);
    await current.reached(faultPoints.openBankingStorePull);
    await current.kill();

    const stopped = await inspect(async (db) => ({
      transactions: await providerAccountTransactions(db),
      job: await withJobs(db)
        .selectFrom('jobs')
        .select(['state', 'attempt'])
        .where('name', '=', 'open-banking.refresh')
        .where('singleton_key', '=', `provider-account-${providerAccountId}`)
        .where('state', '=', 'active')
        .executeTakeFirst(),
    }));
    expect(stopped.transactions).toEqual(beforeRefresh);
    expect(stopped.job).toEqual({ state: 'active', attempt: 1 });

    server = await data.start();
    headers = await data.signIn();
    const settled = await until('the refresh to run again', async () => {
      const answer = await call(data.port, 'GET', `/api/v2/provideraccounts/${providerAccountId}`, {
        headers,
      });
      const status = answer.json<{ data: { refresh_status: { status: string } } }>().data.refresh_status;
      return status.status === 'updating' ? undefined : status;
    });
    expect(settled.status).toBe('success');
  }, 240_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL connections dropped mid-request: a 503 in the error envelope, then the pool recovers (skipped on PGlite: in-process, no connection to drop)',
    async () => {
      running();
      if (!data.databaseUrl) throw new Error('no database of its own');
      const admin = new pg.Client({ connectionString: data.databaseUrl });
      await admin.connect();
      try {
        // Hold the rows, so the server's UPDATE waits on them: a request deterministically in flight.
        await admin.query('begin');
        await admin.query('select id from transactions where id = any($1) for update', [chosen]);
        const pending = call(data.port, 'PUT', '/api/v2/transactions/bulk', {
          headers,
          body: { transaction_ids: chosen, category_id: newCategory },
        });
        await until('the server’s UPDATE to wait on the held rows', async () => {
          const { rows } = await admin.query(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
          );
          return rows[0].waiting > 0 ? true : undefined;
        });
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        await admin.query('rollback');
        expectUnavailable(await pending);
      } finally {
        await admin.end();
      }
      for (let request = 0; request < 5; request += 1) {
        const answer = await call(data.port, 'GET', '/api/v2/transactions?size=5', { headers });
        expect(answer.status, answer.body).toBe(200);
      }
      const categories = await inspect((db) =>
        db.selectFrom('transactions').select('category_id').where('id', 'in', chosen).execute(),
      );
      // The dropped UPDATE changed nothing.
      expect(categories.every((row) => row.category_id === newCategory)).toBe(true);
    },
    120_000,
  );

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'a second server on the same PGlite data dir refuses to start, naming the process that holds it (skipped on PostgreSQL: no data dir lock)',
    async () => {
      const first = running();
      const second = data.spawnServer({ PORT: '0' });
      let code: number | null;
      try {
        code = await new Promise<number | null>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`The second server did not stop:\n${second.output()}`)),
            60_000,
          );
          second.child.once('exit', (exitCode) => {
            clearTimeout(timer);
            resolve(exitCode);
          });
        });
      } finally {
        await second.kill();
      }
      expect(code).toBe(1);
      expect(second.output()).toContain(
        `DATA_DIR: the embedded database in ${data.dataDir} is in use by another platform process (pid ${first.child.pid})`,
      );
    },
    120_000,
  );

  it('stops cleanly with no job left running and the new data stored once', async () => {
    await server?.stop();
    server = undefined;
    const final = await inspect(async (db) => ({
      active: await withJobs(db)
        .selectFrom('jobs')
        .select(['name', 'state'])
        .where('state', '=', 'active')
        .execute(),
      transactions: await providerAccountTransactions(db),
    }));
    expect(final.active).toEqual([]);
    const ids = new Set(final.transactions.map((row) => row.id));
    expect(beforeRefresh.every((row) => ids.has(row.id))).toBe(true);
    const externalIds = final.transactions.map((row) => row.external_id);
    expect(new Set(externalIds).size).toBe(externalIds.length);
    if (data.engine === 'pglite') {
      const { existsSync } = await import('node:fs');
      expect(existsSync(`${data.dataDir}/${lockFileName}`)).toBe(false);
    }
  }, 120_000);

  it('closes cleanly when the stop signal comes two or three times at once (Ctrl-C of `npm start`)', async () => {
    const twice = await data.start();
    const exited = new Promise<void>((resolve) => twice.child.once('exit', () => resolve()));
    // The terminal signals the process group; `npm start` (scripts/start.mjs) passes it on too, a
    // moment later (signals sent at the very same moment arrive as one).
    for (let sent = 0; sent < 3; sent += 1) {
      twice.child.kill('SIGINT');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await exited;
    expect(twice.child.signalCode).toBeNull();
    expect(twice.child.exitCode).toBe(0);
    expect(twice.output()).not.toContain('stopping now without closing');
    if (data.engine === 'pglite') {
      const { existsSync } = await import('node:fs');
      expect(existsSync(`${data.dataDir}/${lockFileName}`)).toBe(false);
    }
  }, 120_000);

  it('stopped as soon as it is ready, exits 0 with nothing logged as an error', async () => {
    const quick = await data.start();
    await quick.stop();
    expect(quick.child.exitCode).toBe(0);
    // Pino's error level; the scheduling done once the database is ready used to meet it closed.
    expect(quick.output()).not.toContain('"level":50');
    expect(quick.output()).not.toContain('Error while shutting down');
  }, 120_000);
});
