import { type Kysely, sql } from 'kysely';

// Open-banking refresh, consent configuration and file import (spec §1, §3, §7):
// - a provider account remembers its consent at the data holder (customer, consent id, token,
//   expiry) and how many refreshes in a row failed for a temporary reason (the back-off);
// - accounts and transactions carry the source's id, unique per parent, so a refresh or a
//   re-import updates in place and never adds a row twice (pending → posted keeps the id);
// - the tenant's consent configurations (`config/cdr`), stored so an operator can change them;
// - the files imported into an account, one row per distinct file.
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/** 365 days: the CDR's longest sharing period, in seconds. */
const twelveMonthsSeconds = 365 * 24 * 60 * 60;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('provider_accounts')
    .addColumn('holder_customer_id', 'text')
    .addColumn('holder_consent_id', 'text')
    .addColumn('holder_access_token', 'text')
    .addColumn('holder_consent_expires_at', 'timestamptz')
    .addColumn('refresh_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('accounts').addColumn('external_id', 'text').execute();
  await db.schema
    .createIndex('accounts_provider_account_external')
    .on('accounts')
    .columns(['provider_account_id', 'external_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('transactions_account_external')
    .on('transactions')
    .columns(['account_id', 'external_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('cdr_configs')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (column) => column.notNull())
    .addColumn('is_default', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('support_email', 'text', (column) => column.notNull())
    .addColumn('cdr_policy_url', 'text', (column) => column.notNull())
    .addColumn('model', 'text', (column) =>
      column.notNull().check(oneOf('model', ['affiliate', 'principal', 'representative'])),
    )
    .addColumn('sharing_durations', 'jsonb', (column) => column.notNull())
    .addColumn('sharing_use_duration', 'integer', (column) =>
      column
        .notNull()
        .check(sql`sharing_use_duration > 0 and sharing_use_duration <= ${sql.lit(twelveMonthsSeconds)}`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cdr_configs_tenant_external', ['tenant_id', 'external_id'])
    .execute();
  await sql`create unique index cdr_configs_one_default on cdr_configs (tenant_id) where is_default`.execute(
    db,
  );

  await db.schema
    .createTable('file_imports')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (column) =>
      column.notNull().references('clients.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('format', 'text', (column) => column.notNull().check(oneOf('format', ['csv', 'ofx'])))
    .addColumn('file_name', 'text')
    .addColumn('file_sha256', 'text', (column) => column.notNull())
    .addColumn('rows_read', 'integer', (column) => column.notNull())
    .addColumn('rows_added', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('file_imports_account')
    .on('file_imports')
    .columns(['account_id', 'created_at'])
    .execute();
}
