import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../jobs/job-queue.ts';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { recordingQueue } from '../jobs/testing/recording-queue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { adviserScopeOf } from '../testing/signed-in-adviser-with-client.ts';
import { withExports } from './document-exports.ts';
import { type DocumentStore, diskDocumentStore, type StoredFile } from './document-store.ts';
import {
  type DocumentsDeps,
  type ExportRequest,
  generateExportNow,
  maxKeptExports,
  type RequestContext,
  requestExport,
  runGenerateJob,
} from './documents-service.ts';
import { removeQueuedExportFiles } from './export-file-removal.ts';
import { adviserWithDocumentClient } from './testing/document-test-client.ts';
import { queuedFileRemovalsOf } from './testing/queued-file-removals.ts';

const summary: ExportRequest = { kind: 'account_summary', asOf: undefined };

describe('the exports a requester keeps of a client (maxKeptExports)', () => {
  let testApp: TestApp;
  let dir: string;
  let store: DocumentStore;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    dir = await mkdtemp(join(tmpdir(), 'waratah-kept-exports-'));
    store = diskDocumentStore(dir);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A client of its own for each test, asked for by its adviser and by itself. */
  const newClient = async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const adviser: RequestContext = {
      scope: adviserScopeOf(fixture),
      features: async () => new Set(),
      source: 'body',
    };
    const client: RequestContext = {
      ...adviser,
      scope: {
        ...adviser.scope,
        actor: { kind: 'client', tenantId: 'waratah', clientId: fixture.clientId, via: 'bearer' },
      },
    };
    const exports = async () =>
      (
        await withExports(testApp.database.db)
          .selectFrom('document_exports')
          .select(['id', 'status'])
          .where('client_id', '=', fixture.clientId)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map(({ id, status }) => ({ id, status }));
    return { adviser, client, exports };
  };
  const keeping = (keptExports: number, queue: JobQueue = recordingQueue): DocumentsDeps => ({
    db: testApp.database.db,
    queue,
    store,
    keptExports,
  });
  /** Asks for a summary and runs its job: a completed export, its file on disk. */
  const completed = async (deps: DocumentsDeps, context: RequestContext) => {
    const queued = await requestExport(deps, summary, context);
    await runGenerateJob(deps, { exportId: queued.id }, { id: 'job-waiting', attempt: 1 });
    const row = await withExports(testApp.database.db)
      .selectFrom('document_exports')
      .select(['status', 'storage', 'storage_key'])
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    return {
      id: queued.id,
      file: { storage: row.storage, key: row.storage_key, content: null } as StoredFile,
    };
  };

  it('is 100 finished exports', () => {
    expect(maxKeptExports).toBe(100);
  });

  it('deletes the oldest finished exports past the bound and their files as another is asked for', async () => {
    const { adviser, exports } = await newClient();
    const deps = keeping(2);
    const first = await completed(deps, adviser);
    const second = await completed(deps, adviser);
    const third = await completed(deps, adviser);
    // Asking for the third left three finished ones: none was past the bound when it was asked for.
    expect((await exports()).map(({ id }) => id)).toEqual([first.id, second.id, third.id]);

    const fourth = await requestExport(deps, summary, adviser);
    // The newest two finished ones stay, with the new one, still queued and not counted.
    expect(await exports()).toEqual([
      { id: second.id, status: 'completed' },
      { id: third.id, status: 'completed' },
      { id: fourth.id, status: 'queued' },
    ]);
    await expect(store.load(first.file)).rejects.toThrow(/missing/);
    expect((await store.load(second.file)).length).toBeGreaterThan(0);
  });

  it('queues the removal of the deleted exports’ files with their deletion, for a store that refuses it at once', async () => {
    const { adviser } = await newClient();
    const first = await completed(keeping(1), adviser);
    const refusing: DocumentStore = {
      ...store,
      remove: async () => {
        throw new Error('The bucket is out of reach');
      },
    };
    await completed({ ...keeping(1), store: refusing }, adviser);
    await requestExport({ ...keeping(1), store: refusing }, summary, adviser);
    expect((await store.load(first.file)).length).toBeGreaterThan(0);
    const [job] = await queuedFileRemovalsOf(testApp.database.db, [first.id]);
    if (!job) throw new Error("The trimming queued no removal of the deleted exports' files");
    await removeQueuedExportFiles({ db: testApp.database.db, store }, job.payload);
    await expect(store.load(first.file)).rejects.toThrow(/missing/);
  });

  it('leaves, from a queued removal, the file a later attempt of its export recorded completed', async () => {
    const { adviser } = await newClient();
    const made = await completed(keeping(5), adviser);
    // An earlier attempt's leftover of this very key, queued when the store refused its removal.
    const name = { tenantId: 'waratah', exportId: made.id, extension: 'pdf' };
    const deps = { db: testApp.database.db, store };
    await removeQueuedExportFiles(deps, { files: [{ name, stored: null }] });
    expect((await store.load(made.file)).length).toBeGreaterThan(0);
    // Given up since: the file is no one's, and goes.
    await withExports(testApp.database.db)
      .updateTable('document_exports')
      .set({ status: 'failed', error: 'The export stopped before it finished; please ask for it again' })
      .where('id', '=', made.id)
      .execute();
    await removeQueuedExportFiles(deps, { files: [{ name, stored: null }] });
    await expect(store.load(made.file)).rejects.toThrow(/missing/);
  });

  it('counts a failed export as finished, and leaves another requester’s exports alone', async () => {
    const { adviser, client, exports } = await newClient();
    const deps = keeping(1);
    const older = await completed(deps, adviser);
    const failed = await requestExport(deps, summary, adviser);
    await withExports(testApp.database.db)
      .updateTable('document_exports')
      .set({ status: 'failed', error: 'The document could not be generated; please try again' })
      .where('id', '=', failed.id)
      .execute();
    const clients = await completed(deps, client);

    // Generated in the request, as the passport's GET …/export is.
    const made = await generateExportNow(deps, summary, adviser);
    expect(made.export.status).toBe('completed');
    // The adviser keeps its newest finished export, the one just made; the failed one and the
    // completed one before it go. The client's export is the client's.
    expect(await exports()).toEqual([
      { id: clients.id, status: 'completed' },
      { id: made.export.id, status: 'completed' },
    ]);
    await expect(store.load(older.file)).rejects.toThrow(/missing/);
  });

  it('keeps every finished export when the new one cannot be queued', async () => {
    const { adviser, exports } = await newClient();
    const first = await completed(keeping(2), adviser);
    const second = await completed(keeping(2), adviser);
    const before = await exports();
    expect(before.map(({ id }) => id)).toEqual([first.id, second.id]);

    const broken = {
      ...recordingQueue,
      enqueue: async () => {
        throw new Error('The job queue could not be reached');
      },
    } as unknown as JobQueue;
    await expect(requestExport(keeping(0, broken), summary, adviser)).rejects.toThrow(
      'The job queue could not be reached',
    );
    // Nothing was made, so nothing kept was deleted to make room for it, though none is to be kept.
    expect(await exports()).toEqual(before);
    expect((await store.load(first.file)).length).toBeGreaterThan(0);
  });
});
