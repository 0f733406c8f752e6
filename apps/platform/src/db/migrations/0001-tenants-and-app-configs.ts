import { type Kysely, sql } from 'kysely';

// Migrations take `Kysely<unknown>`: they must not lean on today's `Database` interface, which describes the latest schema.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('app_configs')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('environment', 'text', (column) =>
      column.notNull().check(sql`environment in ('sandbox', 'staging', 'production')`),
    )
    .addColumn('platform_key', 'text', (column) => column.notNull())
    .addColumn('features', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('links', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('app_configs_tenant_environment_platform_key', [
      'tenant_id',
      'environment',
      'platform_key',
    ])
    .execute();
}
