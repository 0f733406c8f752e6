import { type Kysely, sql } from 'kysely';

// The people of the platform (spec §3, DESIGN §3): external parties (an adviser's practice),
// admin users (advisers of password tenants and SSO tenants alike, and platform operators),
// clients (end users) and the consented link between a client and a party. Every table is
// keyed by tenant so that cross-tenant access is impossible by construction and the tables
// can be distributed by tenant later (docs/scaling.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('external_parties')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('abn', 'text')
    .addColumn('type', 'text', (column) =>
      column.notNull().defaultTo('ta').check(sql`type in ('ta', 'insight')`),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('unverified').check(sql`status in ('enabled', 'disabled', 'unverified')`),
    )
    .addColumn('roles', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('profession', 'text', (column) =>
      column.check(
        sql`profession in ('accountant', 'broker', 'lawyer', 'tax_agent', 'advisor', 'counsellor', 'other')`,
      ),
    )
    .addColumn('credentials', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('address', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('phone', 'text')
    .addColumn('website', 'text')
    .addColumn('logo_image_id', 'integer')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('external_parties_tenant')
    .on('external_parties')
    .columns(['tenant_id'])
    .execute();

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('given_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('family_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('mobile', 'text')
    // 'adviser': an adviser or broker of a practice; 'operator': platform staff with permission areas.
    .addColumn('kind', 'text', (column) =>
      column.notNull().defaultTo('adviser').check(sql`kind in ('adviser', 'operator')`),
    )
    .addColumn('permissions', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('roles', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'suspended')`),
    )
    // Null until a password is set (invited users, SSO-only users).
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('external_party_id', 'integer', (column) =>
      column.references('external_parties.id').onDelete('set null'),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index admin_users_tenant_email on admin_users (tenant_id, lower(email))`.execute(
    db,
  );
  await db.schema.createIndex('admin_users_party').on('admin_users').columns(['external_party_id']).execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('given_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('family_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('mobile', 'text')
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('invited', 'active', 'suspended')`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index clients_tenant_email on clients (tenant_id, lower(email))`.execute(db);

  // A client shares data with a practice only through a consent: at most 12 months long.
  await db.schema
    .createTable('client_links')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (column) =>
      column.notNull().references('clients.id').onDelete('cascade'),
    )
    .addColumn('external_party_id', 'integer', (column) =>
      column.notNull().references('external_parties.id').onDelete('cascade'),
    )
    .addColumn('invited_by_admin_user_id', 'integer', (column) =>
      column.references('admin_users.id').onDelete('set null'),
    )
    .addColumn('consent_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('pending')
        .check(sql`consent_status in ('pending', 'active', 'in_use', 'expired', 'withdrawn')`),
    )
    .addColumn('consent_start', 'timestamptz')
    .addColumn('consent_expiry', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('client_links_client_party', ['client_id', 'external_party_id'])
    .addCheckConstraint(
      'client_links_consent_at_most_12_months',
      sql`consent_expiry is null or (consent_start is not null and consent_expiry > consent_start and consent_expiry <= consent_start + interval '12 months')`,
    )
    .execute();
  await db.schema
    .createIndex('client_links_party_status')
    .on('client_links')
    .columns(['external_party_id', 'consent_status'])
    .execute();

  await db.schema
    .createTable('consent_events')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('client_link_id', 'integer', (column) =>
      column.notNull().references('client_links.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (column) =>
      column.notNull().check(sql`event_type in ('confirmation', 'withdrawal')`),
    )
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('consent_events_link')
    .on('consent_events')
    .columns(['client_link_id'])
    .execute();
}
