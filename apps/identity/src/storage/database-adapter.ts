import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { IdentityDb } from './identity-database.ts';

/**
 * oidc-provider's storage adapter (its documented interface, node-oidc-provider example/my_adapter.js)
 * over the platform's database: one row per model instance, so every identity instance behind a
 * load balancer sees the same sessions, codes and tokens. Expired rows read as absent.
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

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('identity_store')
      .set({ consumed_at: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('identity_store').where('model', '=', this.model).where('id', '=', id).execute();
  }

  // A grant spans models (codes, access and refresh tokens), so revoking it removes all of them.
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('identity_store').where('grant_id', '=', grantId).execute();
  }

  private async findWhere(
    column: 'id' | 'user_code' | 'uid',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('identity_store')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    if (!row) return undefined;
    return row.consumed_at
      ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
      : row.payload;
  }
}

/** The factory oidc-provider calls once per model name. */
export function databaseAdapterFactory(db: IdentityDb): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}
