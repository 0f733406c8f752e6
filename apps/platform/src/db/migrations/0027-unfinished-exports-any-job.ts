import { type Kysely, sql } from 'kysely';

// The hourly housekeeping gives up every export still queued or running 15 minutes after it was
// made whose job is not waiting or running (`abandonOrphanedExports`): since 2026-12-01 that takes
// in exports with a job that ended or is gone, not only those without one. This index holds every
// unfinished export, still a few of a table that keeps every export ever made, so the look stays
// off a scan; 0021's index (only those without a job) is dropped. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists document_exports_in_progress on document_exports (created_at)
    where status in ('queued', 'running')`.execute(db);
  await sql`drop index if exists document_exports_unfinished`.execute(db);
}
