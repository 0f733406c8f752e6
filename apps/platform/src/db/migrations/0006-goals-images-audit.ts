import { type Kysely, sql } from 'kysely';

// Goals and their periods, advisers' images, the audit log of every access to client data and
// every change (DESIGN §3), and the demo-data marker that keeps the demo seed to one run.
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

const frequencies = [
  'daily',
  'weekly',
  'fortnightly',
  'four_weekly',
  'monthly',
  'bimonthly',
  'quarterly',
  'biannually',
  'annually',
  'singular',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goals')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (column) =>
      column.notNull().references('clients.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (column) => column.references('accounts.id').onDelete('set null'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('tracking_type', 'text', (column) =>
      column.notNull().check(oneOf('tracking_type', ['credit', 'debit', 'debit_credit'])),
    )
    .addColumn('target_type', 'text', (column) =>
      column
        .notNull()
        .check(
          oneOf('target_type', ['open_ended', 'date', 'amount', 'available_balance', 'current_balance']),
        ),
    )
    .addColumn('frequency', 'text', (column) => column.notNull().check(oneOf('frequency', frequencies)))
    .addColumn('start_date', 'date', (column) => column.notNull())
    .addColumn('end_date', 'date')
    .addColumn('target_amount', sql`numeric(14,2)`)
    .addColumn('current_amount', sql`numeric(14,2)`, (column) => column.notNull().defaultTo(0))
    .addColumn('period_amount', sql`numeric(14,2)`)
    .addColumn('start_amount', sql`numeric(14,2)`, (column) => column.notNull().defaultTo(0))
    .addColumn('currency', 'text', (column) => column.notNull().defaultTo('AUD'))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('unstarted')
        .check(oneOf('status', ['unstarted', 'active', 'completed', 'finalising', 'failed', 'cancelled'])),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('goals_client').on('goals').columns(['client_id', 'status']).execute();

  await db.schema
    .createTable('goal_periods')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('goal_id', 'integer', (column) => column.notNull().references('goals.id').onDelete('cascade'))
    .addColumn('index', 'integer', (column) => column.notNull())
    .addColumn('start_date', 'date', (column) => column.notNull())
    .addColumn('end_date', 'date', (column) => column.notNull())
    .addColumn('target_amount', sql`numeric(14,2)`, (column) => column.notNull())
    .addColumn('current_amount', sql`numeric(14,2)`, (column) => column.notNull())
    .addColumn('tracking_status', 'text', (column) =>
      column.notNull().check(oneOf('tracking_status', ['above', 'equal', 'below'])),
    )
    .addUniqueConstraint('goal_periods_goal_index', ['goal_id', 'index'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('admin_user_id', 'integer', (column) =>
      column.references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('external_party_id', 'integer', (column) =>
      column.references('external_parties.id').onDelete('cascade'),
    )
    .addColumn('content', 'bytea', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) =>
      column.notNull().check(oneOf('content_type', ['image/png', 'image/jpeg', 'image/heic'])),
    )
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('images_have_owner', sql`admin_user_id is not null or external_party_id is not null`)
    .execute();
  await db.schema.createIndex('images_party').on('images').columns(['external_party_id']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('actor_kind', 'text', (column) =>
      column.notNull().check(oneOf('actor_kind', ['admin_user', 'client'])),
    )
    .addColumn('actor_id', 'integer', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target_type', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text')
    .addColumn('client_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_tenant_at').on('audit_log').columns(['tenant_id', 'at']).execute();
  await db.schema.createIndex('audit_log_client').on('audit_log').columns(['client_id', 'at']).execute();

  // One row per tenant once its demo data is in: the seed checks it, so a restart never seeds twice.
  await db.schema
    .createTable('demo_data_runs')
    .addColumn('tenant_id', 'text', (column) =>
      column.primaryKey().references('tenants.id').onDelete('cascade'),
    )
    .addColumn('generator_version', 'integer', (column) => column.notNull())
    .addColumn('seeded_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}
