import { type Kysely, sql } from 'kysely';

// The hourly housekeeping looks for exports no job will finish (queued or running, without a job,
// older than 15 minutes: `abandonOrphanedExports`). The exports table keeps every export ever
// made; this index holds only the few unfinished ones, so the look is not a scan. Safe to apply again.
// Replaced by 0027's index, which holds every unfinished export (the sweep since looks at all of them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists document_exports_unfinished on document_exports (created_at)
    where status in ('queued', 'running') and job_id is null`.execute(db);
}
