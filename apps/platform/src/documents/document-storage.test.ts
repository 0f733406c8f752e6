import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentExportResponseSchema } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { ConfigError } from '../errors/config-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { withJobs } from '../jobs/jobs-schema.ts';
import { jobQueueOf } from '../jobs/register-job-queue.ts';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { recordingQueue } from '../jobs/testing/recording-queue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { withExports } from './document-exports.ts';
import { type DocumentStore, diskDocumentStore, type StoredFile } from './document-store.ts';
import {
  abandonGenerateJob,
  abandonOrphanedExports,
  type ExportRequest,
  generateExportNow,
  maxUnfinishedExports,
  orphanedExportReason,
  type RequestContext,
  requestExport,
  runGenerateJob,
} from './documents-service.ts';
import { adviserWithDocumentClient } from './testing/document-test-client.ts';
import { startS3TestServer } from './testing/s3-test-server.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('document storage configuration (DOCUMENT_STORE, DOCUMENT_DIR, S3_…)', () => {
  const s3 = {
    DOCUMENT_STORE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'documents',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('keeps files in the database unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).documentStorage).toEqual({
      kind: 'database',
      dir: '/srv/data/documents',
    });
  });

  it('keeps them in DOCUMENT_DIR, by default DATA_DIR/documents', () => {
    expect(loadConfig({ DOCUMENT_STORE: 'disk', DATA_DIR: '/srv/data' }).documentStorage).toEqual({
      kind: 'disk',
      dir: '/srv/data/documents',
    });
    expect(loadConfig({ DOCUMENT_STORE: 'disk', DOCUMENT_DIR: '/mnt/files' }).documentStorage).toEqual({
      kind: 'disk',
      dir: '/mnt/files',
    });
  });

  it('reads the S3 settings, virtual-hosted and in us-east-1 unless told otherwise', () => {
    expect(loadConfig({ ...s3, DATA_DIR: '/srv/data' }).documentStorage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'documents',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
      dir: '/srv/data/documents',
    });
    expect(
      loadConfig({ ...s3, S3_REGION: 'ap-southeast-2', S3_FORCE_PATH_STYLE: 'on', S3_PREFIX: 'prod/' })
        .documentStorage,
    ).toMatchObject({ region: 'ap-southeast-2', forcePathStyle: true, prefix: 'prod/' });
  });

  it('knows where the other kinds of files are, for rows written before DOCUMENT_STORE was switched', () => {
    // The folder always; the bucket once its settings are given.
    expect(loadConfig({ DATA_DIR: '/srv/data' }).documentStorage).not.toHaveProperty('s3');
    const { DOCUMENT_STORE: _s3, ...bucket } = s3;
    expect(loadConfig({ ...bucket, DOCUMENT_STORE: 'disk', DATA_DIR: '/srv/data' }).documentStorage).toEqual({
      kind: 'disk',
      dir: '/srv/data/documents',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'documents',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: false,
        prefix: '',
      },
    });
  });

  it('names every missing or invalid variable at start-up', () => {
    expect(problems({ DOCUMENT_STORE: 's3' })).toEqual([
      'S3_ENDPOINT: must be set when DOCUMENT_STORE=s3',
      'S3_BUCKET: must be set when DOCUMENT_STORE=s3',
      'S3_ACCESS_KEY_ID: must be set when DOCUMENT_STORE=s3',
      'S3_SECRET_ACCESS_KEY: must be set when DOCUMENT_STORE=s3',
    ]);
    expect(
      problems({
        ...s3,
        DOCUMENT_STORE: 'cloud',
        S3_ENDPOINT: 'ftp://files',
        S3_BUCKET: 'My_Bucket',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_PREFIX: '/abs',
      }),
    ).toEqual([
      'DOCUMENT_STORE: must be one of database, disk, s3',
      'S3_ENDPOINT: must be an http:// or https:// URL',
      'S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      'S3_FORCE_PATH_STYLE: must be on or off',
      'S3_PREFIX: must not start with /',
    ]);
  });
});

describe('exports with the S3 store (s3rver)', () => {
  let testApp: TestApp;
  let server: Awaited<ReturnType<typeof startS3TestServer>>;
  let fixture: Awaited<ReturnType<typeof adviserWithDocumentClient>>;

  beforeAll(async () => {
    server = await startS3TestServer();
    testApp = await buildTestApp({
      env: {
        DOCUMENT_STORE: 's3',
        S3_ENDPOINT: server.endpoint,
        S3_BUCKET: server.bucket,
        S3_REGION: server.region,
        S3_ACCESS_KEY_ID: server.accessKeyId,
        S3_SECRET_ACCESS_KEY: server.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'on',
        S3_PREFIX: 'test/',
      },
    });
    await applyJobsMigration(testApp.database.db);
    fixture = await adviserWithDocumentClient(testApp.app, 'waratahlabs');
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await server.close();
  });

  it('stores the file in the bucket and serves the same bytes', async () => {
    const { done, bytes } = await fixture.produce('/api/v2/documents/insights', { period: 'month' });
    expect(sha256(bytes)).toBe(done.sha256);
    // Set in the tenant's embedded font only (docs/documents.md, Fonts).
    expect(bytes.toString('latin1')).not.toMatch(/Helvetica/);
    const row = await withExports(testApp.database.db)
      .selectFrom('document_exports')
      .select(['storage', 'storage_key', 'content'])
      .where('id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ storage: 's3', storage_key: `test/waratahlabs/${done.id}.pdf`, content: null });
    const object = await fetch(`${server.endpoint}/${server.bucket}/${row.storage_key}`);
    expect(sha256(Buffer.from(await object.arrayBuffer()))).toBe(done.sha256);
  });

  it('records a failed upload as failed, with no file claimed', async () => {
    await server.close();
    try {
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/documents/insights',
        headers: fixture.headers,
        payload: { period: 'month' },
      });
      expect(created.statusCode).toBe(202);
      const queued = documentExportResponseSchema.parse(created.json()).data;
      const done = await fixture.settled(queued.id);
      expect(done).toMatchObject({ status: 'failed', sha256: null, size_bytes: null, completed_at: null });
      // The caller reads a fixed reason: no bucket, key or address of the store.
      expect(done.error).toBe('The document could not be generated; please try again');
      // The detail stays in the job's own record (and the log).
      const { rows: jobs } = await sql<{ last_error: string }>`
        select last_error from jobs where payload->>'exportId' = ${queued.id}`.execute(testApp.database.db);
      expect(jobs[0]?.last_error).toMatch(
        /^Object storage could not be reached \(PUT s3:\/\/documents\/test\/waratahlabs\//,
      );
      const row = await withExports(testApp.database.db)
        .selectFrom('document_exports')
        .select(['storage', 'storage_key', 'content'])
        .where('id', '=', queued.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ storage: null, storage_key: null, content: null });
      const file = await testApp.app.inject({
        method: 'GET',
        url: done.download_path,
        headers: fixture.headers,
      });
      expect(file.statusCode).toBe(409);
      expect(file.json().error.error_message).toBe(
        'The document is not ready: its generation failed: The document could not be generated; please try again',
      );
      expect(file.body).not.toMatch(/s3:|Object storage|127\.0\.0\.1|waratahlabs\//);
    } finally {
      server = await startS3TestServer();
    }
  });
});

describe('exports with the disk store', () => {
  let testApp: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-'));
    testApp = await buildTestApp({ env: { DOCUMENT_STORE: 'disk', DOCUMENT_DIR: dir } });
    await applyJobsMigration(testApp.database.db);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the file under DOCUMENT_DIR and serves the same bytes', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'moneypartner');
    const { done, bytes } = await fixture.produce('/api/v2/documents/transactions', { period: 'month' });
    expect(sha256(await readFile(join(dir, 'moneypartner', `${done.id}.xlsx`)))).toBe(sha256(bytes));
  });
});

/** The adviser's request for their client's account summary, as the routes hand it to the service. */
function accountSummaryOf(
  fixture: Awaited<ReturnType<typeof adviserWithDocumentClient>>,
): [ExportRequest, RequestContext] {
  const actor = {
    kind: 'admin_user' as const,
    tenantId: 'waratah' as const,
    adminUserId: fixture.adviser.adminUser.id,
    role: 'adviser' as const,
    externalPartyId: fixture.adviser.externalParty?.id ?? null,
    via: 'bearer' as const,
  };
  return [
    { kind: 'account_summary', asOf: undefined },
    {
      scope: { tenantId: 'waratah', clientId: fixture.clientId, actor },
      features: async () => new Set(),
      source: 'body',
    },
  ];
}

describe('a file whose export cannot be recorded', () => {
  let testApp: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-'));
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is removed from the store again', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const disk = diskDocumentStore(dir);
    const removed: StoredFile[] = [];
    // The export row goes while its file is stored (e.g. the client was deleted meanwhile).
    const store: DocumentStore = {
      async save(input) {
        await db.deleteFrom('document_exports').where('id', '=', input.exportId).execute();
        return disk.save(input);
      },
      locate: (name) => disk.locate(name),
      load: (file) => disk.load(file),
      async remove(file) {
        removed.push(file);
        await disk.remove(file);
      },
    };
    // A 404, as the access check would now answer (a 500 before 2026-12-02).
    await expect(
      generateExportNow(
        { db: testApp.database.db, queue: jobQueueOf(testApp.app), store },
        ...accountSummaryOf(fixture),
      ),
    ).rejects.toMatchObject({ type: 'not_found', message: 'The document is no longer available' });
    expect(removed).toHaveLength(1);
    await expect(disk.load(removed[0] as StoredFile)).rejects.toThrow(/missing/);
    expect(await db.selectFrom('document_exports').select('id').execute()).toEqual([]);
  });

  it('is removed with its export when the recorded export cannot be read back', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const disk = diskDocumentStore(dir);
    const saved: StoredFile[] = [];
    // Once the file is saved, the next read of an export fails (the connection lost after the
    // record was written): the answer cannot be made, and the export goes.
    let failNextRead = false;
    const failing = testApp.database.db.withPlugin({
      transformQuery({ node }) {
        if (
          failNextRead &&
          node.kind === 'SelectQueryNode' &&
          JSON.stringify(node).includes('document_exports')
        ) {
          failNextRead = false;
          throw new Error('The connection was lost');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const store: DocumentStore = {
      async save(input) {
        const file = await disk.save(input);
        saved.push(file);
        failNextRead = true;
        return file;
      },
      locate: (name) => disk.locate(name),
      load: (file) => disk.load(file),
      remove: (file) => disk.remove(file),
    };
    await expect(
      generateExportNow({ db: failing, queue: jobQueueOf(testApp.app), store }, ...accountSummaryOf(fixture)),
    ).rejects.toThrow('The connection was lost');
    expect(saved).toHaveLength(1);
    await expect(disk.load(saved[0] as StoredFile)).rejects.toThrow(/missing/);
    expect(await db.selectFrom('document_exports').select('id').execute()).toEqual([]);
  });

  it('is removed, and its export stays failed, when the job was given up while a slow worker stored it', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const disk = diskDocumentStore(dir);
    // A queue that only records: the test runs the one attempt itself.
    const queue = { enqueue: async () => 'job-slow', work: async () => {}, stop: async () => {} } as JobQueue;
    const queued = await requestExport({ db: testApp.database.db, queue }, ...accountSummaryOf(fixture));
    const reason =
      'Attempt 2 stopped with its worker (the process ended before it finished); no attempts left';
    // The worker's lease lapsed while it generated: the queue (here, another instance) gave the
    // job up before the worker stored its file.
    const store: DocumentStore = {
      async save(input) {
        await abandonGenerateJob({ db: testApp.database.db, store: disk }, { exportId: queued.id }, reason);
        return disk.save(input);
      },
      locate: (name) => disk.locate(name),
      load: (file) => disk.load(file),
      remove: (file) => disk.remove(file),
    };
    await expect(
      runGenerateJob(
        { db: testApp.database.db, queue, store },
        { exportId: queued.id },
        { id: 'job-slow', attempt: 2 },
      ),
    ).rejects.toThrow('The export was removed or given up while it was generated');
    const row = await db
      .selectFrom('document_exports')
      .select(['status', 'error', 'storage'])
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: reason, storage: null });
    await expect(
      disk.load(disk.locate({ tenantId: 'waratah', exportId: queued.id, extension: 'pdf' })),
    ).rejects.toThrow(/missing/);
  });

  it('is removed when an attempt stored it and was killed, and the next attempt fails for good', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const disk = diskDocumentStore(dir);
    const queue = {
      enqueue: async () => 'job-killed',
      work: async () => {},
      stop: async () => {},
    } as JobQueue;
    const queued = await requestExport({ db: testApp.database.db, queue }, ...accountSummaryOf(fixture));
    const name = { tenantId: 'waratah', exportId: queued.id, extension: 'pdf' };
    // Attempt 1 marked the export running and stored its file; its process was killed before it
    // recorded it.
    await db.updateTable('document_exports').set({ status: 'running' }).where('id', '=', queued.id).execute();
    await disk.save({ ...name, bytes: Buffer.from('%PDF attempt 1') });
    // Attempt 2, the last, fails as any attempt may (the store refuses its upload).
    const refusing = refusingToSave(disk);
    await expect(
      runGenerateJob(
        { db: testApp.database.db, queue, store: refusing },
        { exportId: queued.id },
        { id: 'job-killed', attempt: 2 },
      ),
    ).rejects.toThrow('The disk is full');
    const row = await db
      .selectFrom('document_exports')
      .select(['status', 'storage'])
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', storage: null });
    // Before 2026-12-04 attempt 1's file stayed, its export failed, until the export was deleted.
    await expect(disk.load(disk.locate(name))).rejects.toThrow(/missing/);
  });

  it('is left for the retry when an attempt that may be retried fails', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const disk = diskDocumentStore(dir);
    const queue = {
      enqueue: async () => 'job-retried',
      work: async () => {},
      stop: async () => {},
    } as JobQueue;
    const queued = await requestExport({ db: testApp.database.db, queue }, ...accountSummaryOf(fixture));
    const name = { tenantId: 'waratah', exportId: queued.id, extension: 'pdf' };
    await db.updateTable('document_exports').set({ status: 'running' }).where('id', '=', queued.id).execute();
    const file = await disk.save({ ...name, bytes: Buffer.from('%PDF earlier') });
    const refusing = refusingToSave(disk);
    await expect(
      runGenerateJob(
        { db: testApp.database.db, queue, store: refusing },
        { exportId: queued.id },
        { id: 'job-retried', attempt: 1 },
      ),
    ).rejects.toThrow('The disk is full');
    const row = await db
      .selectFrom('document_exports')
      .select(['status'])
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'queued' });
    // The next attempt stores its file under the same key.
    expect((await disk.load(file)).toString()).toBe('%PDF earlier');
  });

  it('is kept when another attempt recorded it completed: the key is the same for every attempt', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const disk = diskDocumentStore(dir);
    const queue = {
      enqueue: async () => 'job-twice',
      work: async () => {},
      stop: async () => {},
    } as JobQueue;
    const queued = await requestExport({ db: testApp.database.db, queue }, ...accountSummaryOf(fixture));
    // Attempt 2 (a lapsed lease's successor) stores its file while attempt 1 finishes and records
    // the same key completed.
    const store: DocumentStore = {
      async save(input) {
        await runGenerateJob(
          { db: testApp.database.db, queue, store: disk },
          { exportId: queued.id },
          { id: 'job-twice', attempt: 1 },
        );
        return disk.save(input);
      },
      locate: (name) => disk.locate(name),
      load: (file) => disk.load(file),
      remove: (file) => disk.remove(file),
    };
    await expect(
      runGenerateJob(
        { db: testApp.database.db, queue, store },
        { exportId: queued.id },
        { id: 'job-twice', attempt: 2 },
      ),
    ).rejects.toThrow('The export was removed or given up while it was generated');
    const row = await db
      .selectFrom('document_exports')
      .select(['status', 'storage'])
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', storage: 'disk' });
    // Before 2026-11-30 attempt 2 removed it, and every download failed. The file is attempt 2's
    // bytes (saved last), and the record says so: a download verifies.
    const file = await disk.load(disk.locate({ tenantId: 'waratah', exportId: queued.id, extension: 'pdf' }));
    const recorded = await db
      .selectFrom('document_exports')
      .select(['sha256', 'size_bytes'])
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({ sha256: sha256(file), size_bytes: file.length });
    // A third attempt finds it completed and leaves it so.
    await runGenerateJob(
      { db: testApp.database.db, queue, store: disk },
      { exportId: queued.id },
      { id: 'job-twice', attempt: 3 },
    );
    expect(
      await db
        .selectFrom('document_exports')
        .select('status')
        .where('id', '=', queued.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'completed' });
  });

  it('gives up an export no job will finish, after 15 minutes, and removes its file', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const disk = diskDocumentStore(dir);
    const queue = { enqueue: async () => 'job-lost', work: async () => {}, stop: async () => {} } as JobQueue;
    const exports = [];
    for (let n = 0; n < 3; n += 1)
      exports.push(await requestExport({ db: testApp.database.db, queue }, ...accountSummaryOf(fixture)));
    const [queuedOrphan, runningOrphan, recent] = exports.map((row) => row.id);
    const now = new Date();
    const old = new Date(now.getTime() - 20 * 60 * 1000);
    // The process ended before the job was queued; and during a passport's `GET …/export`, which
    // has no job, after its file was stored.
    await db
      .updateTable('document_exports')
      .set({ job_id: null, created_at: old })
      .where('id', '=', queuedOrphan ?? '')
      .execute();
    await db
      .updateTable('document_exports')
      .set({ job_id: null, status: 'running', created_at: old })
      .where('id', '=', runningOrphan ?? '')
      .execute();
    const file = await disk.save({
      tenantId: 'waratah',
      exportId: runningOrphan ?? '',
      extension: 'pdf',
      bytes: Buffer.from('%PDF'),
    });
    await db
      .updateTable('document_exports')
      .set({ job_id: null })
      .where('id', '=', recent ?? '')
      .execute();

    expect(await abandonOrphanedExports({ db: testApp.database.db, store: disk }, now)).toBe(2);
    const rows = await db
      .selectFrom('document_exports')
      .select(['id', 'status', 'error'])
      .where('id', 'in', [queuedOrphan ?? '', runningOrphan ?? '', recent ?? ''])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(queuedOrphan ?? '')).toMatchObject({ status: 'failed', error: orphanedExportReason });
    expect(byId.get(runningOrphan ?? '')).toMatchObject({ status: 'failed', error: orphanedExportReason });
    expect(byId.get(recent ?? '')).toMatchObject({ status: 'queued', error: null });
    await expect(disk.load(file)).rejects.toThrow(/missing/);
  });

  it('gives up an export whose job ended or is gone, not one whose job waits or runs', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const db = withExports(testApp.database.db);
    const jobs = withJobs(testApp.database.db);
    const queue = {
      enqueue: async () => 'job-unknown',
      work: async () => {},
      stop: async () => {},
    } as JobQueue;
    const now = new Date();
    const old = new Date(now.getTime() - 20 * 60 * 1000);
    // The process ended after a job's last attempt failed and before the queue's hook wrote its
    // export failed; a job completed while its export was left running; a job swept away; and two
    // jobs still to finish, one waiting for a retry and one running.
    const cases = [
      { state: 'failed', given: true },
      { state: 'completed', given: true },
      { state: undefined, given: true },
      { state: 'created', given: false },
      { state: 'active', given: false },
    ] as const;
    const ids: string[] = [];
    for (const [index, { state }] of cases.entries()) {
      const row = await requestExport({ db: testApp.database.db, queue }, ...accountSummaryOf(fixture));
      const jobId = `${row.id}-job-${index}`;
      // Its start an hour ahead, so the test app's own worker, which handles the name, leaves it waiting.
      if (state !== undefined)
        await jobs
          .insertInto('jobs')
          .values({
            id: jobId,
            name: 'documents.generate',
            payload: JSON.stringify({ exportId: row.id }),
            state,
            start_after: new Date(now.getTime() + 60 * 60 * 1000),
          })
          .execute();
      await db
        .updateTable('document_exports')
        .set({ job_id: jobId, status: index % 2 === 0 ? 'queued' : 'running', created_at: old })
        .where('id', '=', row.id)
        .execute();
      ids.push(row.id);
    }

    expect(await abandonOrphanedExports({ db: testApp.database.db }, now)).toBe(3);
    const rows = await db
      .selectFrom('document_exports')
      .select(['id', 'status', 'error'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [index, { given }] of cases.entries())
      expect(byId.get(ids[index] ?? ''), `case ${index}`).toMatchObject(
        given
          ? { status: 'failed', error: orphanedExportReason }
          : { status: index % 2 === 0 ? 'queued' : 'running', error: null },
      );
  });

  it('refuses a requester more than 20 of one client’s documents being made at once', async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    // Every export stays queued.
    const deps = { db: testApp.database.db, queue: recordingQueue };
    for (let n = 0; n < maxUnfinishedExports; n += 1) await requestExport(deps, ...accountSummaryOf(fixture));
    const countOf = async () =>
      (
        await withExports(testApp.database.db)
          .selectFrom('document_exports')
          .select('id')
          .where('client_id', '=', fixture.clientId)
          .execute()
      ).length;
    // Before 2026-11-30 nothing bounded them; each holds a job slot in turn.
    await expect(requestExport(deps, ...accountSummaryOf(fixture))).rejects.toMatchObject({
      type: 'rate_limited',
    });
    expect(await countOf()).toBe(maxUnfinishedExports);
    // One finished makes room for one more.
    await withExports(testApp.database.db)
      .updateTable('document_exports')
      .set({ status: 'failed', error: 'done' })
      .where(
        'id',
        '=',
        (
          await withExports(testApp.database.db)
            .selectFrom('document_exports')
            .select('id')
            .where('client_id', '=', fixture.clientId)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    await requestExport(deps, ...accountSummaryOf(fixture));
    expect(await countOf()).toBe(maxUnfinishedExports + 1);
  });
});

/** A store whose uploads fail (a full disk), reading and removing through `disk`. */
function refusingToSave(disk: DocumentStore): DocumentStore {
  return {
    save: async () => {
      throw new Error('The disk is full');
    },
    locate: (file) => disk.locate(file),
    load: (file) => disk.load(file),
    remove: (file) => disk.remove(file),
  };
}
