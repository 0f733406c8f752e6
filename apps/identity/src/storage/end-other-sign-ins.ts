import { type Kysely, sql } from 'kysely';
import { recordEndedSessions } from './ended-sessions.ts';
import type { IdentityDatabase, IdentityDb } from './identity-database.ts';
import { revokeBearerTokens } from './revoke-bearer-tokens.ts';

/** The browser's sign-in that stays: its provider session cookie and its refresh token cookie. */
export interface KeptSignIn {
  sessionId: string | undefined;
  refreshToken: string | undefined;
}

/**
 * Ends every sign-in of an adviser but the browser's kept (a password change keeps the
 * adviser who made it signed in): oidc-provider's other sessions, their grants, and the refresh
 * tokens, codes and stored tokens issued under those grants; the interactions of sign-ins not yet
 * resumed (their password accepted, or started by one of the adviser's sessions); and every bearer
 * token the platform issued the adviser itself. Access tokens are JWTs checked by signature, so
 * each carries its session's `uid` (`sid`).
 *
 * Each ended session leaves a tombstone (`recordEndedSessions`, by its `uid`) for as long as
 * anything issued under it could live, through which the store reads that session, and every code
 * and token issued under it, as absent (a request of another browser in flight meanwhile writes its
 * session back when it ends), and an access token issued under it is refused, here and by the
 * platform. So does each session an ended grant's tokens were issued under (their `sessionUid`),
 * whether or not its row is left: a session expires after 14 days and the sweep deletes it, while
 * its refresh token renews access tokens carrying its `uid` for 30 (before 2026-12-02 those were
 * accepted until they expired). The browser's kept session, and the session the kept refresh token
 * was issued under (this browser's, whose cookie has gone), are not given one, or this browser
 * would be signed out.
 */
export async function endOtherSignIns(db: IdentityDb, adminUserId: number, keep: KeptSignIn): Promise<void> {
  const accountId = String(adminUserId);
  const ofAccount = sql<string>`payload->>'accountId'`;
  /** The account's row of a model by its id (the browser's session, its refresh token). */
  const ownRow = (model: string, id: string) =>
    db
      .selectFrom('identity_store')
      .where('model', '=', model)
      .where('id', '=', id)
      .where(ofAccount, '=', accountId);
  const kept = keep.sessionId
    ? await ownRow('Session', keep.sessionId).select(['payload', 'uid']).executeTakeFirst()
    : undefined;
  // The browser's refresh token outlives its session cookie (30 days to 14): its grant is kept too.
  const refreshed = keep.refreshToken
    ? await ownRow('RefreshToken', keep.refreshToken)
        .select(['grant_id', sql<string | null>`payload->>'sessionUid'`.as('session_uid')])
        .executeTakeFirst()
    : undefined;
  const keptGrants = new Set(grantIdsOf(kept?.payload));
  if (refreshed?.grant_id) keptGrants.add(refreshed.grant_id);
  const grants = await db
    .selectFrom('identity_store')
    .select('id')
    .where('model', '=', 'Grant')
    .where(ofAccount, '=', accountId)
    .execute();
  const ended = grants.map((grant) => grant.id).filter((id) => !keptGrants.has(id));
  // The sessions the ended grants' codes and tokens were issued under, read as they are deleted.
  const issuedUnder =
    ended.length === 0
      ? []
      : await db
          .deleteFrom('identity_store')
          .where('grant_id', 'in', ended)
          .returning(sql<string | null>`payload->>'sessionUid'`.as('uid'))
          .execute();
  if (ended.length > 0)
    await db.deleteFrom('identity_store').where('model', '=', 'Grant').where('id', 'in', ended).execute();
  const endedSessions = await db
    .deleteFrom('identity_store')
    .where('model', '=', 'Session')
    .where(ofAccount, '=', accountId)
    .$if(kept !== undefined, (query) => query.where('id', '!=', keep.sessionId ?? ''))
    .returning('uid')
    .execute();
  const keptSessions = new Set([kept?.uid, refreshed?.session_uid]);
  const tombstones = [...issuedUnder, ...endedSessions].flatMap(({ uid }) =>
    uid && !keptSessions.has(uid) ? [uid] : [],
  );
  await recordEndedSessions(db, accountId, tombstones);
  // The adviser's sign-ins not yet resumed: an interaction whose form accepted the password (its
  // finished login names the adviser), or started by a session of theirs. Whoever knew the old
  // password could otherwise follow its `/oauth2/authorize/<uid>` for the interaction's hour and be
  // given a code, a new session and a refresh token (before 2026-12-03). One written back after this
  // by a form answered meanwhile is read as absent (`loginOutlivedItsPassword`).
  await db
    .deleteFrom('identity_store')
    .where('model', '=', 'Interaction')
    .where((eb) =>
      eb.or([
        eb(sql<string>`payload->'result'->'login'->>'accountId'`, '=', accountId),
        eb(sql<string>`payload->'session'->>'accountId'`, '=', accountId),
      ]),
    )
    .execute();
  // The platform's bearer tokens of the adviser too (its own password grant, usable on this
  // tenant's API): whoever knew the old password may have taken one. Before 2026-11-29 they
  // outlived a change or reset here, and their refresh tokens renewed for 30 days at each use.
  await revokeBearerTokens(db, { kind: 'admin_user', id: adminUserId });
}

/** The grants a session holds, one per client it signed in to (`authorizations[client].grantId`). */
function grantIdsOf(payload: Record<string, unknown> | undefined): string[] {
  const authorizations = payload?.authorizations;
  if (typeof authorizations !== 'object' || authorizations === null) return [];
  return Object.values(authorizations).flatMap((authorization) => {
    const grantId = (authorization as { grantId?: unknown } | null)?.grantId;
    return typeof grantId === 'string' ? [grantId] : [];
  });
}

/** Ends every sign-in of an adviser, here and the platform's own: what a new password set elsewhere (the platform's reset link) does. */
export function endEverySignIn<DB extends IdentityDatabase>(
  db: Kysely<DB>,
  adminUserId: number,
): Promise<void> {
  return endOtherSignIns(db as unknown as IdentityDb, adminUserId, {
    sessionId: undefined,
    refreshToken: undefined,
  });
}
