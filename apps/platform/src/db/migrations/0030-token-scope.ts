import { type Kysely, sql } from 'kysely';

// What a token reaches (2026-12-02): null for the whole account, `consents` for a client's
// consents and the public config alone (a sign-in that asked `scope=consents`, which a suspended
// client may still make). Before, a token was limited only while its client was suspended: one
// issued during a lift reached everything once it committed, and an active client asking for
// `consents` was given the whole account without being told. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table oauth_tokens
      add column if not exists scope text constraint oauth_tokens_scope check (scope in ('consents'))`.execute(
    db,
  );
}
