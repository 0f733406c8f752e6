import { type Kysely, sql } from 'kysely';

// Aggregated financial data (spec §3): the provider catalogue (shared by every tenant), and per
// client the provider accounts, accounts and transactions. Value sets are frozen here as checks:
// a migration never changes once shipped, so it does not import the contracts' lists.
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

const providerAccountStatuses = ['success', 'adding', 'updating', 'needs_action', 'failed'];
const refreshStatuses = [
  'success',
  'partial_success',
  'input_required',
  'provider_site_action',
  'relogin_required',
  'temporary_failure',
  'permanent_failure',
  'email_required',
  'last_name_required',
];
const refreshSubStatuses = [
  'additional_login',
  'mfa_needed',
  'mfa_failed',
  'mfa_timeout',
  'registration_failed',
  'registration_invalid',
  'logout_required',
  'password_expired',
  'account_locked',
  'invalid_language',
  'accept_splash',
  'accept_terms_conditions',
  'verify_personal_details',
  'registration_incomplete',
  'registration_duplicate',
  'mfa_enrollment_needed',
  'mfa_invalid_token',
  'invalid_credentials',
  'verify_credentials',
  'login_cancelled',
  'site_error',
  'aggregation_error',
  'aggregation_beta',
  'site_closed',
  'site_unsupported',
  'account_not_found',
  'account_not_supported',
  'account_closed',
  'unknown_error',
];
const containers = [
  'bank',
  'credit_card',
  'investment',
  'loan',
  'bill',
  'insurance',
  'reward',
  'unknown',
  'credit_score',
  'asset',
];
const budgetCategories = ['income', 'living', 'lifestyle', 'goals', 'one_off'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('providers')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .check(oneOf('status', ['supported', 'unsupported', 'disabled', 'beta', 'outage', 'coming_soon'])),
    )
    .addColumn('container_names', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('small_logo_url', 'text')
    .addColumn('base_url', 'text')
    .addColumn('aggregator_type', 'text', (column) =>
      column.notNull().check(oneOf('aggregator_type', ['cdr', 'demo', 'manual'])),
    )
    .addColumn('popular', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('provider_accounts')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (column) =>
      column.notNull().references('clients.id').onDelete('cascade'),
    )
    .addColumn('provider_id', 'integer', (column) => column.notNull().references('providers.id'))
    .addColumn('status', 'text', (column) => column.notNull().check(oneOf('status', providerAccountStatuses)))
    .addColumn('refresh_status', 'text', (column) => column.check(oneOf('refresh_status', refreshStatuses)))
    .addColumn('refresh_sub_status', 'text', (column) =>
      column.check(oneOf('refresh_sub_status', refreshSubStatuses)),
    )
    .addColumn('last_refreshed', 'timestamptz')
    .addColumn('next_refresh', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('provider_accounts_client')
    .on('provider_accounts')
    .columns(['client_id'])
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (column) =>
      column.notNull().references('clients.id').onDelete('cascade'),
    )
    .addColumn('provider_account_id', 'integer', (column) =>
      column.notNull().references('provider_accounts.id').onDelete('cascade'),
    )
    .addColumn('account_name', 'text', (column) => column.notNull())
    .addColumn('nick_name', 'text')
    // Stored masked (`15XXXX987`): the platform never needs the full number.
    .addColumn('account_number', 'text')
    .addColumn('bsb', 'text')
    .addColumn('container', 'text', (column) => column.notNull().check(oneOf('container', containers)))
    .addColumn('account_type', 'text', (column) => column.notNull())
    .addColumn('holder_type', 'text', (column) =>
      column
        .notNull()
        .defaultTo('individual')
        .check(oneOf('holder_type', ['business', 'individual', 'trust', 'unknown'])),
    )
    .addColumn('current_balance', sql`numeric(14,2)`, (column) => column.notNull())
    .addColumn('available_balance', sql`numeric(14,2)`)
    .addColumn('currency', 'text', (column) => column.notNull().defaultTo('AUD'))
    .addColumn('included', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('hidden', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('account_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('active')
        .check(oneOf('account_status', ['active', 'inactive', 'to_be_closed', 'closed'])),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('accounts_client').on('accounts').columns(['client_id']).execute();
  await db.schema
    .createIndex('accounts_provider_account')
    .on('accounts')
    .columns(['provider_account_id'])
    .execute();

  // Reference data with fixed ids, inserted by the seed step; clients refer to categories by id.
  await db.schema
    .createTable('transaction_categories')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('category_type', 'text', (column) =>
      column.notNull().check(oneOf('category_type', ['income', 'expense', 'transfer', 'uncategorize'])),
    )
    .addColumn('default_budget_category', 'text', (column) =>
      column.notNull().check(oneOf('default_budget_category', budgetCategories)),
    )
    .addColumn('placement', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (column) =>
      column.notNull().references('clients.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    // Signed: debits negative. numeric, never float (DESIGN §3).
    .addColumn('amount', sql`numeric(14,2)`, (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull().defaultTo('AUD'))
    .addColumn('base_type', 'text', (column) =>
      column.notNull().check(oneOf('base_type', ['debit', 'credit'])),
    )
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('posted')
        .check(oneOf('status', ['pending', 'posted'])),
    )
    .addColumn('transaction_date', 'date', (column) => column.notNull())
    .addColumn('post_date', 'date')
    .addColumn('description_original', 'text', (column) => column.notNull())
    .addColumn('description_simple', 'text')
    .addColumn('description_user', 'text')
    .addColumn('merchant_name', 'text')
    .addColumn('category_id', 'integer', (column) => column.references('transaction_categories.id'))
    .addColumn('budget_category', 'text', (column) =>
      column.notNull().check(oneOf('budget_category', budgetCategories)),
    )
    .addColumn('tags', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('included', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('memo', 'text')
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'transactions_sign_matches_base_type',
      sql`(base_type = 'debit' and amount <= 0) or (base_type = 'credit' and amount >= 0)`,
    )
    .execute();
  // One client's list, newest first, pages by (date, id) keyset; summaries and filters start here too.
  await sql`create index transactions_client_date on transactions (client_id, transaction_date desc, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('transactions_account_date')
    .on('transactions')
    .columns(['account_id', 'transaction_date'])
    .execute();
}
