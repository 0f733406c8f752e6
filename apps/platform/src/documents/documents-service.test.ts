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
import { type DocumentStore, diskDocumentStore } from './document-store.ts';
import {
  abandonOrphanedExports,
  type DocumentsDeps,
  type ExportRequest,
  orphanedExportReason,
  type RequestContext,
  readExportFile,
  requestExport,
  runGenerateJob,
} from './documents-service.ts';
import { adviserWithDocumentClient } from './testing/document-test-client.ts';
import { queuedFileRemovalsOf } from './testing/queued-file-removals.ts';

const summary: ExportRequest = { kind: 'account_summary', asOf: undefined };
const noLongerAvailable = { type: 'not_found', message: 'The document is no longer available' };

describe('an export deleted while a request is using it', () => {
  let testApp: TestApp;
  let dir: string;
  let disk: DocumentStore;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    dir = await mkdtemp(join(tmpdir(), 'waratah-documents-service-'));
    disk = diskDocumentStore(dir);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A client of its own, asked for by its adviser. */
  const newClient = async (): Promise<RequestContext> => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    return {
      scope: adviserScopeOf(fixture),
      features: async () => new Set(),
      source: 'body',
    };
  };
  /** What a consent withdrawn or an unlink does to an export: its row goes, then its file. */
  const deleteExport = async (id: string) => {
    await withExports(testApp.database.db).deleteFrom('document_exports').where('id', '=', id).execute();
    await disk.remove(disk.locate({ tenantId: 'waratah', exportId: id, extension: 'pdf' }));
  };
  const statusOf = async (id: string) =>
    (await withExports(testApp.database.db)
      .selectFrom('document_exports')
      .select(['status', 'error'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null;

  it('answers 404 to the request that asked for it when it goes before it is read back', async () => {
    const context = await newClient();
    let queuedFor: string | undefined;
    // The withdrawal commits after the export was recorded and its job queued.
    const queue = {
      ...recordingQueue,
      enqueue: async (_name: string, payload: { exportId: string }) => {
        queuedFor = payload.exportId;
        await deleteExport(payload.exportId);
        return 'job-waiting';
      },
    } as unknown as JobQueue;
    // Before 2026-12-02 Kysely's "no result" error, a 500.
    await expect(
      requestExport({ db: testApp.database.db, queue, store: disk }, summary, context),
    ).rejects.toMatchObject(noLongerAvailable);
    expect(await statusOf(queuedFor ?? '')).toBeNull();
  });

  it('answers 404 to a download when it goes, or its file is lost, before the file is read', async () => {
    const context = await newClient();
    const logged: { object: unknown; message: string }[] = [];
    const deps: DocumentsDeps = {
      db: testApp.database.db,
      queue: recordingQueue,
      store: disk,
      log: { error: (object: unknown, message: string) => logged.push({ object, message }) } as never,
    };
    const completed = async () => {
      const queued = await requestExport(deps, summary, context);
      await runGenerateJob(deps, { exportId: queued.id }, { id: 'job-waiting', attempt: 1 });
      expect(await statusOf(queued.id)).toMatchObject({ status: 'completed' });
      return queued.id;
    };
    const viewer = { ...context.scope };
    const withdrawn = await completed();
    // The row was read; the withdrawal (or the requester's own trimming) deletes it and its file.
    const withdrawing: DocumentStore = {
      ...disk,
      async load(file) {
        await deleteExport(withdrawn);
        return disk.load(file);
      },
    };
    // Before 2026-12-02 the store's "missing" error, a 500.
    await expect(readExportFile({ ...deps, store: withdrawing }, viewer, withdrawn)).rejects.toMatchObject(
      noLongerAvailable,
    );
    expect(logged).toEqual([]);

    // A file lost from the store while its export stays: 404 too, and logged.
    const lost = await completed();
    await disk.remove(disk.locate({ tenantId: 'waratah', exportId: lost, extension: 'pdf' }));
    await expect(readExportFile(deps, viewer, lost)).rejects.toMatchObject(noLongerAvailable);
    expect(logged).toMatchObject([
      {
        object: { exportId: lost },
        message: "documents: a completed export's file is missing from the store",
      },
    ]);
    // The file of one still there is served.
    const kept = await completed();
    expect((await readExportFile(deps, viewer, kept)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives up every orphaned export when a file cannot be removed, logging it, and goes on', async () => {
    const context = await newClient();
    const ids: string[] = [];
    for (let n = 0; n < 2; n += 1)
      ids.push(
        (await requestExport({ db: testApp.database.db, queue: recordingQueue }, summary, context)).id,
      );
    const now = new Date();
    // Recorded 20 minutes ago, and their process ended before their jobs were queued.
    await withExports(testApp.database.db)
      .updateTable('document_exports')
      .set({ job_id: null, created_at: new Date(now.getTime() - 20 * 60 * 1000) })
      .where('id', 'in', ids)
      .execute();
    const unreachable: DocumentStore = {
      ...disk,
      async remove() {
        throw new Error('Object storage could not be reached (DELETE s3://documents/…)');
      },
    };
    const logged: { object: unknown; message: string }[] = [];
    const log = { error: (object: unknown, message: string) => logged.push({ object, message }) };
    // Before 2026-12-02 the first failed removal was thrown: the second export stayed queued, and
    // the hourly sweep skipped what came after it.
    expect(
      await abandonOrphanedExports({ db: testApp.database.db, store: unreachable, log: log as never }, now),
    ).toBe(2);
    for (const id of ids)
      expect(await statusOf(id)).toEqual({ status: 'failed', error: orphanedExportReason });
    expect(logged.map(({ message }) => message)).toEqual([
      "documents: an export's file could not be removed; its removal is queued",
      "documents: an export's file could not be removed; its removal is queued",
    ]);
    expect(logged.map(({ object }) => (object as { exportId: string }).exportId).sort()).toEqual(
      [...ids].sort(),
    );
    // Tried again by the queue until the store takes it (documents.remove-files).
    for (const id of ids) expect(await queuedFileRemovalsOf(testApp.database.db, [id])).toHaveLength(1);
  });
});
