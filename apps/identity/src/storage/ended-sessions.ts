import { type Expression, type RawBuilder, sql } from 'kysely';
import { refreshTokenTtl } from '../provider/identity-ttl.ts';
import type { IdentityDb } from './identity-database.ts';

/**
 * The model of a session's tombstone: a row of `identity_store` whose id is the `uid` of a session
 * that was ended (signed out, or ended by a password change elsewhere), kept as long as anything
 * issued under that session could live.
 */
export const endedSessionModel = 'EndedSession';

/**
 * True when the session named by `sessionUid` (a column, a value) was ended: the storage adapter
 * reads what names such a session as absent, and an access token carrying it (`sid`) is refused.
 * A tombstone is acted on until the sweep deletes it, past the longest life of what it hides.
 */
export function sessionEnded(sessionUid: Expression<string> | string): RawBuilder<boolean> {
  const uid = typeof sessionUid === 'string' ? sql.val(sessionUid) : sessionUid;
  return sql<boolean>`exists (select 1 from identity_store ended
    where ended.model = ${endedSessionModel} and ended.id = ${uid})`;
}

/**
 * Leaves a tombstone for each session `uid`. What is issued under a session lives no longer than
 * its first refresh token (a rotated one keeps what was left of its lifetime), and an access token
 * no longer than a refresh, so the tombstone outlives everything it hides.
 */
export async function recordEndedSessions(
  db: IdentityDb,
  accountId: string,
  uids: readonly string[],
  now = new Date(),
): Promise<void> {
  if (uids.length === 0) return;
  const expiresAt = new Date(now.getTime() + refreshTokenTtl() * 1000);
  await db
    .insertInto('identity_store')
    .values(
      [...new Set(uids)].map((uid) => ({
        model: endedSessionModel,
        id: uid,
        payload: JSON.stringify({ accountId }),
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: expiresAt,
        consumed_at: null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['model', 'id']).doNothing())
    .execute();
}
