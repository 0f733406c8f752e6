import { type Kysely, sql } from 'kysely';

// The durable job queue (docs/jobs.md) and the documents it produces (docs/documents.md): each
// export records who asked, for which client and period, its state, and the SHA-256 of its file.
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('payload', 'jsonb', (column) => column.notNull())
    .addColumn('state', 'text', (column) =>
      column
        .notNull()
        .defaultTo('created')
        .check(oneOf('state', ['created', 'active', 'completed', 'failed'])),
    )
    .addColumn('attempt', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (column) => column.notNull().defaultTo(2))
    .addColumn('retry_backoff', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('singleton_key', 'text')
    .addColumn('start_after', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute();
  // What a worker claims next: the oldest due job of a name.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['name', 'state', 'start_after']).execute();
  // At most one waiting or running job per singleton key of a name.
  await db.schema
    .createIndex('jobs_singleton')
    .unique()
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .where(sql.ref('state'), 'in', ['created', 'active'])
    .where(sql.ref('singleton_key'), 'is not', null)
    .execute();

  await db.schema
    .createTable('document_exports')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (column) =>
      column.notNull().references('clients.id').onDelete('cascade'),
    )
    .addColumn('requested_by', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) =>
      column
        .notNull()
        .check(
          oneOf('kind', ['financial_passport', 'statement', 'account_summary', 'insights', 'transactions']),
        ),
    )
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('queued')
        .check(oneOf('status', ['queued', 'running', 'completed', 'failed'])),
    )
    .addColumn('params', 'jsonb', (column) => column.notNull())
    .addColumn('period', 'text')
    .addColumn('from_date', 'date')
    .addColumn('to_date', 'date')
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('sha256', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('storage', 'text', (column) => column.check(oneOf('storage', ['database', 'disk', 's3'])))
    .addColumn('storage_key', 'text')
    .addColumn('content', 'bytea')
    .addColumn('job_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('document_exports_client')
    .on('document_exports')
    .columns(['tenant_id', 'client_id', 'created_at'])
    .execute();
  await db.schema.createIndex('document_exports_sha256').on('document_exports').column('sha256').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_exports').execute();
  await db.schema.dropTable('jobs').execute();
}
