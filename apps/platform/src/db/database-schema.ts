import type { ColumnType } from 'kysely';

/** A timestamptz with a default: read as a Date, left out on insert to take `now()`. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;

/** A jsonb column: read already parsed, written as JSON text (`pg` would send a JS array as a PostgreSQL array). */
type Jsonb<T> = ColumnType<T, string, string>;

export interface AppFeatureRow {
  key: string;
  enabled: boolean;
}

export interface AppLinkRow {
  key: string;
  url: string;
}

export interface TenantsTable {
  id: string;
  name: string;
  created_at: Timestamp;
}

export interface AppConfigsTable {
  tenant_id: string;
  environment: string;
  platform_key: string;
  features: Jsonb<AppFeatureRow[]>;
  links: Jsonb<AppLinkRow[]>;
  updated_at: Timestamp;
}

/** The tables Kysely may query; kept in step with `migrations/` by hand. */
export interface Database {
  tenants: TenantsTable;
  app_configs: AppConfigsTable;
}
