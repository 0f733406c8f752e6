import { type Kysely, sql } from 'kysely';

// The identity service's state (apps/identity): what oidc-provider persists through its adapter
// (sessions, interactions, grants, codes, refresh tokens…) and the keys it signs tokens and
// cookies with. Keys are generated at first start and live only here, never in the repository.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_store')
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('payload', 'jsonb', (column) => column.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('identity_store_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('identity_store_grant').on('identity_store').columns(['grant_id']).execute();
  await db.schema.createIndex('identity_store_uid').on('identity_store').columns(['model', 'uid']).execute();
  await db.schema.createIndex('identity_store_expiry').on('identity_store').columns(['expires_at']).execute();

  await db.schema
    .createTable('identity_keys')
    .addColumn('kid', 'text', (column) => column.primaryKey())
    .addColumn('use', 'text', (column) => column.notNull().check(sql`use in ('sig', 'cookie')`))
    .addColumn('private_key', 'jsonb', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}
