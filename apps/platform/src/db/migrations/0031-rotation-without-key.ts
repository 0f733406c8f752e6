import { type Kysely, sql } from 'kysely';

// A refresh token's `rotated_from` (the token it replaced) without its foreign key (2026-12-02).
// `on delete set null` made every delete of dead tokens (the hourly sweep, a sign-in's clean-up)
// also update their live successors, in no set order, while a suspension, a sign-out or a new
// password locks a subject's live tokens in id order: on PostgreSQL the two could deadlock (40P01,
// answered 503 or the sweep failing). The column and its index stay: a retried refresh reads its
// successor by it while the spent token still exists, and ids are never reused. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table oauth_tokens drop constraint if exists oauth_tokens_rotated_from_fkey`.execute(db);
}
