import type { Kysely } from 'kysely';
import type { IdentityDatabase, IdentityDb } from './identity-database.ts';

/** Whose bearer tokens (the platform's `oauth_tokens`): an admin user's or a client's, by id. */
export interface BearerTokenSubject {
  kind: 'admin_user' | 'client';
  id: number;
}

/**
 * Revokes every live bearer token the platform issued a subject, in the caller's transaction: an
 * adviser's new password (here and the platform's reset link), a client's suspension or its end
 * (the platform's `clients/managed-user-repository.ts`).
 *
 * Twice, as the platform's `revokeFamily` does: a refresh under way on another connection when the
 * first statement began wrote tokens its snapshot does not hold; the second one's does. The rows
 * are locked in id order first, as the platform's revocations lock a sign-in's, so that neither
 * waits for the other holding a row the other needs (a deadlock on PostgreSQL).
 */
export async function revokeBearerTokens<DB extends IdentityDatabase>(
  database: Kysely<DB>,
  subject: BearerTokenSubject,
): Promise<void> {
  const db = database as unknown as IdentityDb;
  for (let pass = 0; pass < 2; pass += 1) {
    await db
      .selectFrom('oauth_tokens')
      .select('id')
      .where('subject_kind', '=', subject.kind)
      .where('subject_id', '=', subject.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('id')
      .forUpdate()
      .execute();
    await db
      .updateTable('oauth_tokens')
      .set({ revoked_at: new Date(), retry_answer: null })
      .where('subject_kind', '=', subject.kind)
      .where('subject_id', '=', subject.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .execute();
  }
}
