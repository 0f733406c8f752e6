import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sessionEnded } from './ended-sessions.ts';
import type { IdentityDb } from './identity-database.ts';
import { loginOutlivedItsPassword } from './password-checked-logins.ts';

/** The models whose instances are issued under a session and name it by `sessionUid`. */
const issuedUnderSession = new Set([
  'AccessToken',
  'AuthorizationCode',
  'BackchannelAuthenticationRequest',
  'DeviceCode',
  'RefreshToken',
]);

/**
 * Whether an id can name no stored row: PostgreSQL's text cannot hold the NUL character, so no row
 * was ever stored under one, and a statement looking one up fails. The provider passes what it is
 * sent (`client_id=%00`, `refresh_token=%00`) straight to the store; before 2026-12-03 each such
 * request answered 500.
 */
const unstorable = (id: string) => id.includes('\u0000');

/**
 * oidc-provider's storage adapter (its documented interface, node-oidc-provider example/my_adapter.js)
 * over the platform's database: one row per model instance, so every identity instance behind a
 * load balancer sees the same sessions, codes and tokens. Expired rows read as absent, and so does
 * an id holding a NUL character (`unstorable`).
 *
 * So do a session a password change ended and everything issued under it, even when written back
 * afterwards: oidc-provider saves a session it loaded at the end of each request, so a request of
 * another browser in flight during the change writes that session again, and may issue a code or
 * rotate a refresh token under it. Reading them through the session's tombstone (`endedSessionModel`)
 * leaves no such write a way back in, whatever the order of the two transactions. So does an
 * interaction whose finished sign-in was checked against a password changed since
 * (`loginOutlivedItsPassword`, since 2026-12-03): a sign-in form answered during the change writes it
 * back after the change deleted it.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: IdentityDb,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insertInto('identity_store')
      .values({ model: this.model, id, ...row, consumed_at: null })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  /**
   * Spends a code or refresh token once, whatever the number of requests: oidc-provider reads
   * `consumed` and then calls this, so two requests with one code (or one refresh token, on one
   * instance or two) both passed its check, both got tokens, and its reuse detection never fired
   * (before 2026-11-30). Here only the first marks it; a later one ends the grant, as the provider
   * does for a reuse it sees, and is refused with `invalid_grant`.
   */
  async consume(id: string): Promise<void> {
    if (unstorable(id)) return;
    const spent = await this.db
      .updateTable('identity_store')
      .set({ consumed_at: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (spent) return;
    const used = await this.db
      .selectFrom('identity_store')
      .select('grant_id')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .executeTakeFirst();
    // Gone meanwhile (revoked, swept): nothing left to spend, as before.
    if (!used) return;
    if (used.grant_id) {
      await this.revokeByGrantId(used.grant_id);
      await this.db
        .deleteFrom('identity_store')
        .where('model', '=', 'Grant')
        .where('id', '=', used.grant_id)
        .execute();
    }
    const { errors } = await import('oidc-provider');
    throw new errors.InvalidGrant(`${this.model} already used`);
  }

  async destroy(id: string): Promise<void> {
    if (unstorable(id)) return;
    await this.db.deleteFrom('identity_store').where('model', '=', this.model).where('id', '=', id).execute();
  }

  // A grant spans models (codes, access and refresh tokens), so revoking it removes all of them.
  async revokeByGrantId(grantId: string): Promise<void> {
    if (unstorable(grantId)) return;
    await this.db.deleteFrom('identity_store').where('grant_id', '=', grantId).execute();
  }

  /** Where a row of this model names the session it belongs to (its `uid`, or its `sessionUid`). */
  private get sessionOfRow() {
    if (this.model === 'Session') return sql<string>`identity_store.uid`;
    if (issuedUnderSession.has(this.model)) return sql<string>`identity_store.payload->>'sessionUid'`;
    return undefined;
  }

  private async findWhere(
    column: 'id' | 'user_code' | 'uid',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    // An id, uid or user code holding a NUL: read as unknown, as it is.
    if (unstorable(value)) return undefined;
    const sessionOfRow = this.sessionOfRow;
    const row = await this.db
      .selectFrom('identity_store')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .$if(sessionOfRow !== undefined, (query) =>
        query.where(sql<boolean>`not ${sessionEnded(sessionOfRow ?? '')}`),
      )
      .executeTakeFirst();
    if (!row) return undefined;
    if (this.model === 'Interaction' && (await loginOutlivedItsPassword(this.db, row.payload)))
      return undefined;
    return row.consumed_at
      ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
      : row.payload;
  }
}

/** The factory oidc-provider calls once per model name. */
export function databaseAdapterFactory(db: IdentityDb): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}
