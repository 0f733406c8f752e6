import { type Kysely, sql } from 'kysely';

// A foreign key with `on delete set null` (or cascade) makes PostgreSQL look up the referencing
// rows of every row deleted; without an index on that column each lookup reads the whole table.
// Housekeeping deletes expired refresh tokens 5,000 at a time, and each one searched every token
// for `rotated_from` (minutes on a few hundred thousand tokens, past the 30 s statement limit);
// ending a consent deletes its accounts, and each searched every goal for `account_id`. The
// sweep's own `expires_at < …` gets an index too. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists oauth_tokens_rotated_from on oauth_tokens (rotated_from)`.execute(db);
  await sql`create index if not exists oauth_tokens_expires_at on oauth_tokens (expires_at)`.execute(db);
  await sql`create index if not exists goals_account on goals (account_id)`.execute(db);
}
