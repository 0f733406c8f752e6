import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueJob } from '../jobs/table-job-queue.ts';
import { withExports } from './document-exports.ts';
import type { DocumentStore, ExportFileName, StoredFile } from './document-store.ts';

/** Removes the files of deleted exports from disk or object storage, until they are gone. */
export const removeExportFilesJob = 'documents.remove-files';

/**
 * Attempts after the first: 2, 4, 8 … s apart, then hourly (the queue's cap), about a week in all,
 * as a holder consent's revocation: a bucket or a volume out of reach for days still has the files
 * of a consent that ended removed once it is back. Past them the job is recorded `failed` with the
 * store's last answer.
 */
export const fileRemovalRetries = 180;

/**
 * How long after its deletion commits the queued removal runs: after the request's own removal
 * (`removeExportFiles`, at once after the commit), which normally leaves it nothing to do. It is
 * there for a process that ended between the commit and that removal, and a store that refused it.
 */
export const fileRemovalDelayMs = 60_000;

/** A file to remove: where its row recorded it, or (not completed) where its job would store it. */
export interface ExportFileToRemove {
  name: ExportFileName;
  /** Null for an export that was not completed: the store locates it by its name. */
  stored: Pick<StoredFile, 'storage' | 'key'> | null;
}

interface FileRemovalPayload {
  files: ExportFileToRemove[];
}

/**
 * Queues the removal of these files through `executor`: in the transaction that deletes their
 * rows, the job exists exactly when the deletion has committed. Before 2026-12-03 the files were
 * only removed after the commit, once: a process ended in between, or a store that refused the
 * delete, left client data in the folder or the bucket after the consent it was made under had
 * ended, with no row naming it. A file in the database goes with its row, and needs no job.
 */
export async function queueExportFileRemoval(
  executor: Kysely<Database>,
  files: readonly ExportFileToRemove[],
  now: Date = new Date(),
): Promise<void> {
  const outside = files.filter((file) => file.stored?.storage !== 'database');
  if (outside.length === 0) return;
  const payload: FileRemovalPayload = {
    files: outside.map(({ name, stored }) => ({
      name: { tenantId: name.tenantId, exportId: name.exportId, extension: name.extension },
      stored: stored && { storage: stored.storage, key: stored.key },
    })),
  };
  await enqueueJob(executor, removeExportFilesJob, payload, {
    retryLimit: fileRemovalRetries,
    retryBackoff: true,
    startAfter: new Date(now.getTime() + fileRemovalDelayMs),
  });
}

/**
 * Removes one file a failed attempt left (its export was not recorded, was given up, or was
 * deleted), and queues its removal when the store refuses: logged, and tried again by the job.
 */
export async function removeExportFileOrQueue(
  deps: { db: Kysely<Database>; store: DocumentStore; log?: Pick<FastifyBaseLogger, 'error'> },
  file: ExportFileToRemove,
): Promise<void> {
  try {
    await deps.store.remove(storedFileOf(deps.store, file));
  } catch (error) {
    deps.log?.error(
      { err: error, exportId: file.name.exportId },
      "documents: an export's file could not be removed; its removal is queued",
    );
    await queueExportFileRemoval(deps.db, [file]).catch((queueError: unknown) =>
      deps.log?.error(
        { err: queueError, exportId: file.name.exportId },
        "documents: an export's file could neither be removed nor its removal queued",
      ),
    );
  }
}

/**
 * The job's work: every file removed (a missing one is no error), or the attempt fails naming the
 * first refusal, and the queue tries them all again later (removing a removed file is harmless).
 * A file whose export is there again, still being made or completed, is left: every attempt of an
 * export stores its file under the same key, so a later attempt that recorded it completed (after
 * the one whose leftover was queued) owns it now.
 */
export async function removeQueuedExportFiles(
  deps: { db: Kysely<Database>; store: DocumentStore },
  payload: FileRemovalPayload,
): Promise<void> {
  const { store } = deps;
  const owned = await exportsOwningTheirFiles(
    deps.db,
    payload.files.map((file) => file.name.exportId),
  );
  const files = payload.files.filter((file) => !owned.has(file.name.exportId));
  const refusals = (await removeEachFile(store, files)).map(({ reason }) => reason);
  if (refusals.length === 0) return;
  const first = refusals[0] instanceof Error ? refusals[0].message : String(refusals[0]);
  throw new AggregateError(
    refusals,
    `${refusals.length} of ${files.length} deleted exports' files could not be removed: ${first}`,
  );
}

/**
 * Removes every file, each whatever the others do, and answers the refusals, each with its file:
 * where its row recorded it, or (an export not completed) where its job would have stored it.
 */
export async function removeEachFile(
  store: DocumentStore,
  files: readonly ExportFileToRemove[],
): Promise<{ file: ExportFileToRemove; reason: unknown }[]> {
  const results = await Promise.allSettled(files.map((file) => store.remove(storedFileOf(store, file))));
  return results.flatMap((result, index) => {
    const file = files[index];
    return result.status === 'rejected' && file ? [{ file, reason: result.reason }] : [];
  });
}

/** The exports among these that are queued, running or completed: their files are theirs. */
async function exportsOwningTheirFiles(
  db: Kysely<Database>,
  exportIds: readonly string[],
): Promise<Set<string>> {
  if (exportIds.length === 0) return new Set();
  const rows = await withExports(db)
    .selectFrom('document_exports')
    .select('id')
    .where('id', 'in', [...new Set(exportIds)])
    .where('status', 'in', ['queued', 'running', 'completed'])
    .execute();
  return new Set(rows.map((row) => row.id));
}

function storedFileOf(store: DocumentStore, file: ExportFileToRemove): StoredFile {
  return file.stored ? { ...file.stored, content: null } : store.locate(file.name);
}

/** The worker: one removal job at a time per process, so a store that hangs holds one worker slot. */
export async function registerExportFileRemovalWorker(
  queue: Pick<JobQueue, 'work'>,
  deps: { db: Kysely<Database>; store: DocumentStore },
): Promise<void> {
  await queue.work<FileRemovalPayload>(
    removeExportFilesJob,
    (payload) => removeQueuedExportFiles(deps, payload),
    { concurrency: 1 },
  );
}
