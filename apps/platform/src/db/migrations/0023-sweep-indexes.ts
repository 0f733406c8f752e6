import { type Kysely, sql } from 'kysely';

// The hourly housekeeping deletes, in batches, ended jobs, expired one-time tokens and closed
// rate-limit windows by their dates: each batch found its rows by scanning the whole table (the
// rate-limit table's key leads with the counter's name, not its window). These indexes let each
// batch read only the rows it deletes. Safe to apply again (`if not exists`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rate_limit_buckets_window on rate_limit_buckets (window_start)`.execute(
    db,
  );
  await sql`create index if not exists jobs_ended on jobs (completed_at)
    where state in ('completed', 'failed')`.execute(db);
  await sql`create index if not exists one_time_tokens_expires_at on one_time_tokens (expires_at)`.execute(
    db,
  );
}
