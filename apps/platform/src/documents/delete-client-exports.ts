import type { FastifyBaseLogger } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import type { ClientRef } from './document-data.ts';
import { type DocumentsDatabase, extensionOf, withExports } from './document-exports.ts';
import type { DocumentStore, ExportFileName, StoredFile } from './document-store.ts';
import { queueExportFileRemoval, removeEachFile } from './export-file-removal.ts';
import { notRequestedByTheClient, requestedByPractice } from './export-requesters.ts';

/**
 * The file of a deleted export, to remove once the deletion is committed (its removal is also
 * queued in the deleting transaction, `queueExportFileRemoval`).
 */
export interface DeletedExportFile {
  name: ExportFileName;
  /** Where a completed export's file was recorded; null while it was queued, running or failed. */
  stored: StoredFile | null;
}

type ExportFilter = (eb: ExpressionBuilder<DocumentsDatabase, 'document_exports'>) => Expression<SqlBool>;

async function deleteExports(
  trx: Kysely<Database>,
  client: ClientRef,
  filter: ExportFilter,
): Promise<DeletedExportFile[]> {
  const rows = await withExports(trx)
    .deleteFrom('document_exports')
    .where('tenant_id', '=', client.tenantId)
    .where('client_id', '=', client.clientId)
    .where(filter)
    .returning(['id', 'tenant_id', 'status', 'content_type', 'storage', 'storage_key'])
    .execute();
  const files = rows.map(
    (row): DeletedExportFile => ({
      name: { tenantId: row.tenant_id, exportId: row.id, extension: extensionOf(row.content_type) },
      stored:
        row.status === 'completed' && row.storage
          ? { storage: row.storage, key: row.storage_key, content: null }
          : null,
    }),
  );
  // With the rows' deletion: removed later by the queue if the removal after commit never happens.
  await queueExportFileRemoval(trx, files);
  return files;
}

/**
 * Deletes the client's exports that advisers of a practice asked for (its consent ended: they
 * were made from data shared under it). Run in the transaction that ends the consent; a file in
 * the database goes with its row, others are removed after commit (`removeExportFiles`), and by a
 * job queued in this transaction should that removal not happen (`queueExportFileRemoval`).
 */
export function deleteExportsOfPractice(
  trx: Kysely<Database>,
  client: ClientRef,
  practiceId: number,
): Promise<DeletedExportFile[]> {
  return deleteExports(trx, client, requestedByPractice(practiceId));
}

/**
 * Deletes every export of the client that someone other than the client asked for (any practice's
 * adviser, an operator): with the shared data disposed of, nothing covers them any more. The
 * client's own exports stay.
 */
export function deleteExportsNotOfTheClient(
  trx: Kysely<Database>,
  client: ClientRef,
): Promise<DeletedExportFile[]> {
  return deleteExports(trx, client, notRequestedByTheClient());
}

/**
 * Deletes the requester's finished exports of the client (completed or failed) past its newest
 * `keep`, oldest first: what one requester keeps of a client is bounded however many it asks for.
 * Exports still being made are not counted nor touched (their own bound is the 20 unfinished).
 * Run in a transaction: files outside the database are removed afterwards (`removeExportFiles`)
 * and by the job queued with the deletion.
 */
export function deleteExportsPastKept(
  trx: Kysely<Database>,
  client: ClientRef,
  requestedBy: string,
  keep: number,
): Promise<DeletedExportFile[]> {
  return deleteExports(trx, client, (eb) =>
    eb(
      'id',
      'in',
      eb
        .selectFrom('document_exports as kept')
        .select('kept.id')
        .where('kept.tenant_id', '=', client.tenantId)
        .where('kept.client_id', '=', client.clientId)
        .where('kept.requested_by', '=', requestedBy)
        .where('kept.status', 'in', ['completed', 'failed'])
        .orderBy('kept.created_at', 'desc')
        .orderBy('kept.id', 'desc')
        .offset(keep),
    ),
  );
}

/**
 * Removes the files of deleted exports from the store (disk or object storage; a file in the
 * database went with its row). An export that was not completed may still have a file that its
 * job stored and never recorded, so its file is removed where the store would put it, as when a
 * job is given up. A file that cannot be removed is logged and the others are still removed; the
 * job queued with the deletion tries again (`documents.remove-files`).
 */
export async function removeExportFiles(
  store: DocumentStore,
  files: readonly DeletedExportFile[],
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  for (const { file, reason } of await removeEachFile(store, files)) {
    log?.error(
      { err: reason, exportId: file.name.exportId },
      "documents: a deleted export's file could not be removed",
    );
  }
}
