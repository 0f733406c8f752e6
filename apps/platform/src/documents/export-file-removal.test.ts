import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { type DocumentStore, databaseDocumentStore, diskDocumentStore } from './document-store.ts';
import {
  type ExportFileToRemove,
  fileRemovalDelayMs,
  fileRemovalRetries,
  queueExportFileRemoval,
  removeExportFileOrQueue,
  removeQueuedExportFiles,
} from './export-file-removal.ts';
import { queuedFileRemovalsOf } from './testing/queued-file-removals.ts';

describe("the removal of deleted exports' files (documents.remove-files)", () => {
  let testApp: TestApp;
  let dir: string;
  let disk: DocumentStore;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    dir = await mkdtemp(join(tmpdir(), 'waratah-file-removal-'));
    disk = diskDocumentStore(dir);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await rm(dir, { recursive: true, force: true });
  });

  const withDb = (store: DocumentStore) => ({ db: testApp.database.db, store });
  const exists = (path: string) =>
    readFile(path).then(
      () => true,
      () => false,
    );
  /** A file saved on disk for a new export id, as a job stores it. */
  const savedFile = async (): Promise<ExportFileToRemove & { path: string }> => {
    const name = { tenantId: 'waratah', exportId: randomUUID(), extension: 'pdf' };
    const stored = await disk.save({ ...name, bytes: Buffer.from('%PDF-1.7') });
    return { name, stored: { storage: stored.storage, key: stored.key }, path: join(dir, stored.key ?? '') };
  };
  const refusing = (store: DocumentStore, refused: (key: string | null) => boolean): DocumentStore => ({
    ...store,
    remove: async (file) => {
      if (refused(file.key)) throw new Error(`The volume refused to delete ${file.key}`);
      await store.remove(file);
    },
  });

  it('queues the removal a minute after the deletion, retried with back-off for about a week', async () => {
    const file = await savedFile();
    const before = Date.now();
    await queueExportFileRemoval(testApp.database.db, [file]);
    const [job] = await queuedFileRemovalsOf(testApp.database.db, [file.name.exportId]);
    expect(job?.payload.files).toEqual([{ name: file.name, stored: file.stored }]);
    expect(job?.startAfter.getTime()).toBeGreaterThanOrEqual(before + fileRemovalDelayMs);
    expect(job?.retryLimit).toBe(fileRemovalRetries);
  });

  it('queues nothing for files kept in the database, which go with their rows', async () => {
    const name = { tenantId: 'waratah', exportId: randomUUID(), extension: 'pdf' };
    await queueExportFileRemoval(testApp.database.db, [{ name, stored: { storage: 'database', key: null } }]);
    expect(await queuedFileRemovalsOf(testApp.database.db, [name.exportId])).toEqual([]);
  });

  it('removes every file, one not completed where its job would have stored it', async () => {
    const recorded = await savedFile();
    const unrecorded = await savedFile();
    await removeQueuedExportFiles(withDb(disk), {
      files: [recorded, { name: unrecorded.name, stored: null }],
    });
    expect(await exists(recorded.path)).toBe(false);
    expect(await exists(unrecorded.path)).toBe(false);
    // Again, as a retry would: a file already removed is no error.
    await removeQueuedExportFiles(withDb(disk), { files: [recorded] });
  });

  it('fails the attempt naming the refusal, after removing the others, so the queue tries again', async () => {
    const kept = await savedFile();
    const removed = await savedFile();
    const store = refusing(disk, (key) => key === kept.stored?.key);
    await expect(removeQueuedExportFiles(withDb(store), { files: [kept, removed] })).rejects.toThrow(
      `1 of 2 deleted exports' files could not be removed: The volume refused to delete ${kept.stored?.key}`,
    );
    expect(await exists(kept.path)).toBe(true);
    expect(await exists(removed.path)).toBe(false);
    await removeQueuedExportFiles(withDb(disk), { files: [kept, removed] });
    expect(await exists(kept.path)).toBe(false);
  });

  it('removes a failed attempt’s file at once, and queues its removal when the store refuses', async () => {
    const db = testApp.database.db;
    const removed = await savedFile();
    await removeExportFileOrQueue({ db, store: disk }, removed);
    expect(await exists(removed.path)).toBe(false);
    expect(await queuedFileRemovalsOf(db, [removed.name.exportId])).toEqual([]);

    const refused = await savedFile();
    const logged: unknown[] = [];
    const log = { error: (entry: unknown) => void logged.push(entry) };
    await removeExportFileOrQueue({ db, store: refusing(disk, () => true), log }, refused);
    expect(await exists(refused.path)).toBe(true);
    expect(logged).toHaveLength(1);
    const [job] = await queuedFileRemovalsOf(db, [refused.name.exportId]);
    if (!job) throw new Error('The refused removal was not queued');
    await removeQueuedExportFiles(withDb(disk), job.payload);
    expect(await exists(refused.path)).toBe(false);
  });

  it('locates nothing to remove for a database store', async () => {
    const name = { tenantId: 'waratah', exportId: randomUUID(), extension: 'xlsx' };
    await expect(
      removeQueuedExportFiles(withDb(databaseDocumentStore), { files: [{ name, stored: null }] }),
    ).resolves.toBeUndefined();
  });
});
