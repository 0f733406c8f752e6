import type { Kysely } from 'kysely';
import type { Database } from '../../db/database-schema.ts';
import { withJobs } from '../../jobs/jobs-schema.ts';
import { type ExportFileToRemove, removeExportFilesJob } from '../export-file-removal.ts';

/** Tests only: a queued removal of deleted exports' files, as recorded. */
export interface QueuedFileRemoval {
  id: string;
  payload: { files: ExportFileToRemove[] };
  startAfter: Date;
  retryLimit: number;
}

/** Tests only: the removals queued for any of these exports' files, oldest first. */
export async function queuedFileRemovalsOf(
  db: Kysely<Database>,
  exportIds: readonly string[],
): Promise<QueuedFileRemoval[]> {
  const rows = await withJobs(db)
    .selectFrom('jobs')
    .select(['id', 'payload', 'start_after', 'retry_limit'])
    .where('name', '=', removeExportFilesJob)
    .orderBy('created_at')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      payload: row.payload as QueuedFileRemoval['payload'],
      startAfter: new Date(row.start_after),
      retryLimit: row.retry_limit,
    }))
    .filter((job) => job.payload.files.some((file) => exportIds.includes(file.name.exportId)));
}
