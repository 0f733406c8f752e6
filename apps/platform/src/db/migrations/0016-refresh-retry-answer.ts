import { type Kysely, sql } from 'kysely';

// A refresh's answer, kept on the refresh token it issued until that token is spent or revoked,
// sealed with a key only the spent token's holder can derive (`auth/tokens/refresh-retry-answer.ts`):
// a retry of a refresh whose answer was lost gets the same answer again (issue 10). Safe to apply
// again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table oauth_tokens add column if not exists retry_answer text`.execute(db);
}
