import type { TenantId } from '@waratah/tenants';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../../access/record-audit.ts';
import type { Database, TokenScope, TokenSubjectKind } from '../../db/database-schema.ts';
import type { Operand } from '../../db/operand.ts';
import { openRetryAnswer, sealRetryAnswer } from './refresh-retry-answer.ts';
import { generateTokenSecret, hashTokenSecret } from './token-secret.ts';

export interface TokenSubject {
  kind: TokenSubjectKind;
  id: number;
  tenantId: TenantId;
  /** The OAuth client the tokens were issued to (the tenant environment's oauth.clientId). */
  clientId: string;
}

export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A spent refresh token is answered again this long after its refresh, while its successor is unspent. */
  refreshRetryGraceSeconds: number;
}

/** Whose a token is: an admin user or a client, by id. */
export type TokenHolder = Pick<TokenSubject, 'kind' | 'id'>;

export interface IssuedTokens {
  accessToken: string;
  /** Absent for client_credentials (RFC 6749 §4.4.3): the client can simply ask again. */
  refreshToken: string | undefined;
  expiresIn: number;
  /**
   * Seconds the refresh token lives (the portal's cookie's `Max-Age`): at most the refresh token
   * lifetime, and never past the end of its sign-in (`Lineage.endsAt`). Absent with no refresh token.
   */
  refreshExpiresIn: number | undefined;
  /** Said in the answer when the token reaches less than the whole account (RFC 6749 §5.1). */
  scope?: string;
}

interface Lineage {
  familyId: string;
  /** The refresh token spent for these (named by the refresh one), null for a sign-in's first. */
  rotatedFrom: number | null;
  /** Its secret, for which the refresh token keeps the answer sealed (`refresh-retry-answer.ts`). */
  spentSecret?: string;
  withRefreshToken: boolean;
  /**
   * When the sign-in ends: the expiry of the refresh token spent (which kept its predecessor's),
   * so the first refresh token's, set at the sign-in; none for a sign-in's first. A successor's
   * refresh token lives the refresh token lifetime from now, but not past it: as the identity's
   * rotated refresh tokens keep what was left of the first one's (`identity-ttl.ts`), so a stolen
   * one cannot live forever. Before 2026-12-03 each successor lived the whole lifetime from its
   * refresh, and a sign-in refreshed at least once a month never ended.
   */
  endsAt?: Date;
  /** What the tokens reach: the whole account unless named (`consents`, a client's consents alone). */
  scope?: TokenScope;
}

export type RotationResult =
  | { outcome: 'rotated'; tokens: IssuedTokens; subject: TokenSubject; familyId: string }
  | { outcome: 'invalid' }
  | { outcome: 'reused' };

export type TokenRepository = ReturnType<typeof createTokenRepository>;

// Expired tokens are kept a day (a reused refresh token is still recognised as reuse), then dropped.
const deadTokenRetentionMs = 24 * 3600 * 1000;

/**
 * The access token stored under a secret's hash while it is live (not expired, not revoked), as
 * `t`, with its subject joined as `u` (an admin user) or `c` (a client) in the token's tenant; no
 * columns chosen yet. `now` is the time it must not have expired by (a statement compiled once
 * takes it as a value of each call: `db/compiled-once.ts`).
 */
export function liveAccessTokenQuery(
  db: Kysely<Database>,
  tokenHash: Operand<string>,
  now: Operand<Date> = new Date(),
) {
  return db
    .selectFrom('oauth_tokens as t')
    .leftJoin('admin_users as u', (join) =>
      join
        .onRef('u.id', '=', 't.subject_id')
        .onRef('u.tenant_id', '=', 't.tenant_id')
        .on('t.subject_kind', '=', 'admin_user'),
    )
    .leftJoin('clients as c', (join) =>
      join
        .onRef('c.id', '=', 't.subject_id')
        .onRef('c.tenant_id', '=', 't.tenant_id')
        .on('t.subject_kind', '=', 'client'),
    )
    .where('t.token_hash', '=', tokenHash)
    .where('t.kind', '=', 'access')
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now);
}

/** The admin user a recent lookup of a token named (`bearer-token-resolver.ts`), as operands. */
export interface NamedAdminUser {
  tokenHash: Operand<string>;
  tenantId: Operand<string>;
  adminUserId: Operand<number>;
  role: Operand<'adviser' | 'operator'>;
  externalPartyId: Operand<number | null>;
  /** The time the token must not have expired by: the time of the call unless given. */
  now?: Operand<Date>;
}

/**
 * A row exactly while the token is live and names this admin user with the same standing: the
 * same kind, still active, in the same practice.
 */
export function tokenStillNamesQuery(db: Kysely<Database>, named: NamedAdminUser) {
  return liveAccessTokenQuery(db, named.tokenHash, named.now)
    .select(sql<number>`1`.as('named'))
    .where('t.subject_kind', '=', 'admin_user')
    .where('t.tenant_id', '=', named.tenantId)
    .where('u.id', '=', named.adminUserId)
    .where('u.kind', '=', named.role)
    .where('u.status', '=', 'active')
    .where('u.external_party_id', 'is not distinct from', named.externalPartyId);
}

/** Opaque bearer tokens (DESIGN §3): only their hashes are stored; refresh tokens rotate. */
export function createTokenRepository(db: Kysely<Database>, lifetimes: TokenLifetimes) {
  async function issue(
    subject: TokenSubject,
    lineage: Lineage,
    executor: Kysely<Database> = db,
  ): Promise<IssuedTokens> {
    const accessToken = generateTokenSecret();
    const refreshToken = lineage.withRefreshToken ? generateTokenSecret() : undefined;
    const now = Date.now();
    const accessExpiresAt = now + lifetimes.accessTokenTtlSeconds * 1000;
    const refreshExpiresAt = Math.min(
      now + lifetimes.refreshTokenTtlSeconds * 1000,
      lineage.endsAt?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    const row = (kind: 'access' | 'refresh', secret: string, expiresAt: number) => ({
      token_hash: hashTokenSecret(secret),
      kind,
      subject_kind: subject.kind,
      subject_id: subject.id,
      tenant_id: subject.tenantId,
      client_id: subject.clientId,
      family_id: lineage.familyId,
      rotated_from: kind === 'refresh' ? lineage.rotatedFrom : null,
      scope: lineage.scope ?? null,
      expires_at: new Date(expiresAt),
      retry_answer:
        kind === 'refresh' && lineage.spentSecret !== undefined
          ? sealRetryAnswer(lineage.spentSecret, { accessToken, refreshToken: secret, accessExpiresAt })
          : null,
    });
    const rows = [row('access', accessToken, accessExpiresAt)];
    if (refreshToken) rows.push(row('refresh', refreshToken, refreshExpiresAt));
    await executor.insertInto('oauth_tokens').values(rows).execute();
    return {
      accessToken,
      refreshToken,
      expiresIn: lifetimes.accessTokenTtlSeconds,
      refreshExpiresIn: refreshToken ? secondsUntil(refreshExpiresAt, now) : undefined,
      ...(lineage.scope && { scope: lineage.scope }),
    };
  }

  /**
   * Locks a sign-in's live tokens in id order. Whatever writes to several rows of one family (a
   * sign-out, a reuse's revocation, a retry reading its successor) takes them so first: two such
   * transactions then wait for each other in one order, never each for the other. Before
   * 2026-11-29 a retry locked its successor alone and then revoked the family, while a sign-out
   * updated the family in the table's order: on PostgreSQL a rare deadlock, answered 503.
   */
  async function lockLiveFamily(executor: Kysely<Database>, familyId: string): Promise<void> {
    await executor
      .selectFrom('oauth_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      // Not the expired ones: they no longer work, and the deleters of dead tokens (the housekeeping
      // sweep, a sign-in's clean-up) take them; before migration 0031 each delete also updated the
      // dead token's live successor, in no set order, which brought back the cycle.
      .where('expires_at', '>', new Date())
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Revokes a sign-in's live tokens; how many there were (none: it had already ended). */
  async function revokeFamily(familyId: string, executor: Kysely<Database> = db): Promise<bigint> {
    const revokeLive = async () => {
      await lockLiveFamily(executor, familyId);
      const { numUpdatedRows } = await executor
        .updateTable('oauth_tokens')
        .set({ revoked_at: new Date(), retry_answer: null })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return numUpdatedRows;
    };
    // Twice: a refresh of this sign-in under way when the first statement began (on PostgreSQL,
    // another connection) held its spent token's row, so the statement waited for it to commit,
    // but the tokens it wrote were not in the statement's snapshot and outlived the sign-out. The
    // second statement's snapshot is taken after that commit. A refresh that starts later finds
    // its token revoked and issues nothing.
    return (await revokeLive()) + (await revokeLive());
  }

  /**
   * The access and refresh token that replace a refresh token spent, in its family; the refresh
   * token no longer-lived than the spent one (`Lineage.endsAt`).
   */
  async function issueSuccessor(
    trx: Kysely<Database>,
    spent: SpentRefreshToken & { expires_at: Date },
    spentSecret: string,
  ): Promise<RotationResult> {
    const lineage = {
      familyId: spent.family_id,
      rotatedFrom: spent.id,
      spentSecret,
      withRefreshToken: true,
      endsAt: spent.expires_at,
      ...(spent.scope && { scope: spent.scope }),
    };
    const tokens = await issue(subjectOf(spent), lineage, trx);
    return { outcome: 'rotated', tokens, subject: subjectOf(spent), familyId: spent.family_id };
  }

  /**
   * A refresh token spent again within the grace (`refreshRetryGraceSeconds`) of its refresh, while
   * the refresh token that refresh issued is live and unspent: the caller may never have had the
   * answer (it was lost, or its commit's outcome unknown: a 503), and a retry would otherwise end
   * the sign-in as leaked. It gets the same answer again, opened from the successor's
   * `retry_answer` with a key only the spent token yields, and nothing is written but the audit row
   * (`session.refresh_repeated`): a retry repeated gets the same tokens, and a retry after the
   * successor was spent or revoked (a sign-out, a new password) is the reuse it looks like. If the
   * token did leak and its thief retries in the grace, both hold the same successor: whichever of
   * them refreshes second ends the sign-in as reused, so the leak is still found, one refresh
   * later. Undefined (the reuse) outside the grace, for another client or kind of subject, and for
   * a refresh from before the answer was kept.
   */
  async function repeatUnansweredRefresh(
    trx: Kysely<Database>,
    known: SpentRefreshToken & { revoked_at: Date },
    secret: string,
    expected: { clientId: string; subjectKind: TokenSubjectKind; ip?: string },
  ): Promise<RotationResult | undefined> {
    const now = Date.now();
    if (
      known.client_id !== expected.clientId ||
      known.subject_kind !== expected.subjectKind ||
      now - known.revoked_at.getTime() > lifetimes.refreshRetryGraceSeconds * 1000
    )
      return undefined;
    // Waits for a rotation or a revocation of the family under way (on PostgreSQL, another
    // connection), so the successor is read as they left it: one spent or revoked meanwhile is not
    // handed out.
    await lockLiveFamily(trx, known.family_id);
    const successor = await trx
      .selectFrom('oauth_tokens')
      .select(['token_hash', 'retry_answer', 'expires_at'])
      .where('family_id', '=', known.family_id)
      .where('rotated_from', '=', known.id)
      .where('kind', '=', 'refresh')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .executeTakeFirst();
    const answer =
      successor?.retry_answer && openRetryAnswer(secret, successor.retry_answer, successor.token_hash);
    if (!answer || answer.accessExpiresAt <= now) return undefined;
    await recordSessionEvent(trx, known, 'session.refresh_repeated', expected.ip);
    const tokens = {
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken,
      expiresIn: secondsUntil(answer.accessExpiresAt, now),
      refreshExpiresIn: secondsUntil(successor.expires_at.getTime(), now),
    };
    return { outcome: 'rotated', tokens, subject: subjectOf(known), familyId: known.family_id };
  }

  return {
    /**
     * A live access token with its subject's standing, in one round trip (every API request asks,
     * unless it was recently seen: `bearer-token-resolver.ts`): the admin user's kind, status and
     * party, or the client's status; null where the subject is gone or in another tenant.
     */
    findAccessTokenSubject(tokenHash: string) {
      return liveAccessTokenQuery(db, tokenHash)
        .select([
          't.subject_kind',
          't.tenant_id',
          't.client_id as oauth_client_id',
          'u.id as admin_user_id',
          'u.kind as admin_user_kind',
          'u.status as admin_user_status',
          'u.external_party_id',
          'c.id as client_id',
          'c.status as client_status',
          't.scope',
        ])
        .executeTakeFirst();
    },

    /**
     * A new sign-in: a fresh token family, reaching the whole account or only `scope`. The
     * subject's long-dead tokens are dropped on the way. In `executor`'s transaction when given
     * (the password grant's, which holds the account's row: `password-grant.ts`).
     */
    async issueForSignIn(
      subject: TokenSubject,
      options: { withRefreshToken: boolean; scope?: TokenScope } = { withRefreshToken: true },
      executor: Kysely<Database> = db,
    ): Promise<IssuedTokens> {
      // Those another transaction holds (the housekeeping sweep deleting them too) are skipped,
      // left to the sweep: this never waits for a row lock, so never in a cycle with it (a
      // deadlock on PostgreSQL). Before 2026-12-02 it deleted them in no set order and waited.
      await executor
        .deleteFrom('oauth_tokens')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('oauth_tokens')
            .select('id')
            .where('subject_kind', '=', subject.kind)
            .where('subject_id', '=', subject.id)
            .where('expires_at', '<', new Date(Date.now() - deadTokenRetentionMs))
            .orderBy('id')
            .forUpdate()
            .skipLocked(),
        )
        .execute();
      return issue(subject, { familyId: generateTokenSecret(), rotatedFrom: null, ...options }, executor);
    },

    /**
     * Spends a refresh token and issues its successor in the same family. A refresh token that was
     * already spent is a sign that it leaked: the whole family is revoked, and, when that ended a
     * live sign-in, audited (`session.refresh_reused`, the sign-in's subject as the actor, `ip` the
     * reuse's address). Except a retry (`repeatUnansweredRefresh`): within the grace after it was
     * spent, while its successor is live and unspent, the refresh's answer may simply have been
     * lost, and the same answer is given again.
     */
    rotateRefreshToken(
      secret: string,
      expected: { clientId: string; subjectKind: TokenSubjectKind; ip?: string },
    ): Promise<RotationResult> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('oauth_tokens')
          .set({ revoked_at: new Date(), retry_answer: null })
          .where('token_hash', '=', hashTokenSecret(secret))
          .where('kind', '=', 'refresh')
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', new Date())
          .where('client_id', '=', expected.clientId)
          .where('subject_kind', '=', expected.subjectKind)
          .returning([
            'id',
            'subject_kind',
            'subject_id',
            'tenant_id',
            'client_id',
            'family_id',
            'scope',
            'expires_at',
          ])
          .executeTakeFirst();
        if (!spent) {
          const known = await trx
            .selectFrom('oauth_tokens')
            .select([
              'id',
              'family_id',
              'revoked_at',
              'expires_at',
              'subject_kind',
              'subject_id',
              'tenant_id',
              'client_id',
            ])
            .where('token_hash', '=', hashTokenSecret(secret))
            .where('kind', '=', 'refresh')
            .executeTakeFirst();
          // A retry, in the grace, of the sign-in's last refresh, come once the sign-in has ended
          // (its successor ended with it, `Lineage.endsAt`): expired, as the successor would be, not
          // a leak. Before, it ended the sign-in's last access token and audited a reuse.
          if (
            known?.revoked_at &&
            known.expires_at.getTime() <= Date.now() &&
            Date.now() - known.revoked_at.getTime() <= lifetimes.refreshRetryGraceSeconds * 1000
          )
            return { outcome: 'invalid' } as const;
          if (known?.revoked_at) {
            const repeated = await repeatUnansweredRefresh(
              trx,
              { ...known, revoked_at: known.revoked_at },
              secret,
              expected,
            );
            if (repeated) return repeated;
            // Audited only when it ends a live sign-in: a token of one already ended (signed out,
            // suspended, its password reset) is refused the same way, and says nothing of a leak.
            if ((await revokeFamily(known.family_id, trx)) > 0n)
              await recordSessionEvent(trx, known, 'session.refresh_reused', expected.ip);
            return { outcome: 'reused' } as const;
          }
          return { outcome: 'invalid' } as const;
        }
        return issueSuccessor(trx, spent, secret);
      });
    },

    /**
     * RFC 7009: ends the sign-in the token belongs to (access and refresh alike), and answers whose
     * it was; unknown tokens are ignored (null). With `onlyOf`, a token of anyone else is left alone
     * (null too). A sign-in it ends is audited in the same transaction (`session.sign_out`, its
     * subject as the actor, `ip` as from where); revoking one already ended writes nothing.
     */
    revoke(secret: string, ip?: string, onlyOf?: TokenHolder): Promise<TokenHolder | null> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .selectFrom('oauth_tokens')
          .select(['family_id', 'subject_kind', 'subject_id', 'tenant_id', 'client_id'])
          .where('token_hash', '=', hashTokenSecret(secret))
          .executeTakeFirst();
        if (!token) return null;
        const holder = { kind: token.subject_kind, id: token.subject_id };
        if (onlyOf && (onlyOf.kind !== holder.kind || onlyOf.id !== holder.id)) return null;
        if ((await revokeFamily(token.family_id, trx)) > 0n)
          await recordSessionEvent(trx, token, 'session.sign_out', ip);
        return holder;
      });
    },

    /** Ends a sign-in (a suspended account's refresh): its rows locked in id order, in one transaction. */
    revokeFamily: (familyId: string) => db.transaction().execute((trx) => revokeFamily(familyId, trx)),
  };
}

/** Whole seconds from `now` to `at` (epoch milliseconds), rounded up. */
function secondsUntil(at: number, now: number): number {
  return Math.ceil((at - now) / 1000);
}

/** Whose a token is, and the OAuth client it was issued to. */
function subjectOf(token: SpentRefreshToken): TokenSubject {
  return {
    kind: token.subject_kind,
    id: token.subject_id,
    tenantId: token.tenant_id as TenantId,
    clientId: token.client_id,
  };
}

/** The columns of a spent refresh token its successor is issued from. */
interface SpentRefreshToken {
  id: number;
  scope?: TokenScope | null;
  family_id: string;
  subject_kind: TokenSubjectKind;
  subject_id: number;
  tenant_id: string;
  client_id: string;
}

/**
 * The audit row of a sign-in ended, or a refresh repeated, by its subject or for them: who,
 * through which portal, from where.
 */
function recordSessionEvent(
  trx: Kysely<Database>,
  token: { subject_kind: TokenSubjectKind; subject_id: number; tenant_id: string; client_id: string },
  action: string,
  ip: string | undefined,
): Promise<void> {
  const tenantId = token.tenant_id as TenantId;
  return recordAudit(trx, {
    actor:
      token.subject_kind === 'admin_user'
        ? { kind: 'admin_user', tenantId, adminUserId: token.subject_id }
        : { kind: 'client', tenantId, clientId: token.subject_id },
    action,
    targetType: 'oauth_client',
    targetId: token.client_id,
    ip,
  });
}
