import { type Kysely, sql } from 'kysely';

// Goals move on after they are created (goals/goal-progress.ts): a periodic job works out each
// current goal's progress from its account's transactions. `progress_on` is the day (Sydney) and
// `progress_version` the client's data version (migration 0010) it was last worked out at, so the
// job reads only goals whose day or data has changed since. Safe to apply again (`if not exists`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table goals add column if not exists progress_on date`.execute(db);
  await sql`alter table goals add column if not exists progress_version bigint`.execute(db);
  await sql`create index if not exists goals_in_progress on goals (id)
    where status in ('unstarted', 'active', 'finalising')`.execute(db);
}
