import { type Kysely, sql } from 'kysely';

// Credentials (DESIGN §3: opaque, revocable bearer tokens; argon2id password hashes), the one-time
// tokens of the password e-mails, brute-force counters shared by every instance, the development
// mailbox and the brokers/aggregators list. Secrets are stored only as SHA-256 hashes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_users').addColumn('terms_accepted_at', 'timestamptz').execute();
  await db.schema.alterTable('clients').addColumn('password_hash', 'text').execute();

  // An operator's machine credentials: tokens issued to it act as that operator.
  await db.schema
    .createTable('service_clients')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (column) => column.notNull().unique())
    .addColumn('secret_hash', 'text', (column) => column.notNull())
    .addColumn('admin_user_id', 'integer', (column) =>
      column.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('access', 'refresh')`))
    .addColumn('subject_kind', 'text', (column) =>
      column.notNull().check(sql`subject_kind in ('admin_user', 'client')`),
    )
    .addColumn('subject_id', 'integer', (column) => column.notNull())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (column) => column.notNull())
    // Every token descended from one sign-in shares it, so reuse of a rotated refresh token can end them all.
    .addColumn('family_id', 'text', (column) => column.notNull())
    .addColumn('rotated_from', 'integer', (column) =>
      column.references('oauth_tokens.id').onDelete('set null'),
    )
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('oauth_tokens_family').on('oauth_tokens').columns(['family_id']).execute();
  await db.schema
    .createIndex('oauth_tokens_subject')
    .on('oauth_tokens')
    .columns(['subject_kind', 'subject_id'])
    .execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('admin_user_id', 'integer', (column) =>
      column.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (column) =>
      column.notNull().check(sql`purpose in ('reset_password', 'invitation', 'email_verification')`),
    )
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('one_time_tokens_hash')
    .on('one_time_tokens')
    .columns(['purpose', 'token_hash'])
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user')
    .on('one_time_tokens')
    .columns(['admin_user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('window_start', 'timestamptz', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rate_limit_buckets_pk', ['key', 'window_start'])
    .execute();

  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('html', 'text', (column) => column.notNull())
    .addColumn('links', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mail_messages_to on mail_messages (lower(to_address), created_at desc)`.execute(db);

  await db.schema
    .createTable('brokers_aggregators')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // Fictional aggregators: the list a broker picks their aggregator from while registering.
  const aggregators = [
    'Harbourside Finance Group',
    'Southern Cross Lending Network',
    'Blue Gum Broker Alliance',
    'Coastal Mortgage Partners',
    'Outback Finance Collective',
    'Independent (no aggregator)',
  ];
  await sql`insert into brokers_aggregators (name) values ${sql.join(aggregators.map((name) => sql`(${name})`))}`.execute(
    db,
  );
}
