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

/** An identity column: read as a number, left out on insert. */
type Id = ColumnType<number, number | undefined, never>;

export type ExternalPartyStatus = 'enabled' | 'disabled' | 'unverified';
export type ConsentStatus = 'pending' | 'active' | 'in_use' | 'expired' | 'withdrawn';

export interface ExternalPartiesTable {
  id: Id;
  tenant_id: string;
  name: string;
  abn: string | null;
  type: 'ta' | 'insight';
  status: ColumnType<ExternalPartyStatus, ExternalPartyStatus | undefined, ExternalPartyStatus>;
  roles: Jsonb<string[]>;
  profession: string | null;
  credentials: Jsonb<Record<string, unknown>>;
  address: Jsonb<Record<string, unknown>>;
  phone: string | null;
  website: string | null;
  logo_image_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminUsersTable {
  id: Id;
  tenant_id: string;
  email: string;
  given_name: string;
  family_name: string;
  mobile: string | null;
  kind: ColumnType<'adviser' | 'operator', 'adviser' | 'operator' | undefined, 'adviser' | 'operator'>;
  permissions: Jsonb<string[]>;
  roles: Jsonb<string[]>;
  status: ColumnType<'active' | 'suspended', 'active' | 'suspended' | undefined, 'active' | 'suspended'>;
  password_hash: string | null;
  email_verified_at: Date | null;
  external_party_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClientsTable {
  id: Id;
  tenant_id: string;
  email: string;
  given_name: string;
  family_name: string;
  mobile: string | null;
  status: ColumnType<'invited' | 'active' | 'suspended', 'invited' | 'active' | 'suspended' | undefined>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClientLinksTable {
  id: Id;
  tenant_id: string;
  client_id: number;
  external_party_id: number;
  invited_by_admin_user_id: number | null;
  consent_status: ColumnType<ConsentStatus, ConsentStatus | undefined, ConsentStatus>;
  consent_start: Date | null;
  consent_expiry: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConsentEventsTable {
  id: Id;
  client_link_id: number;
  event_type: 'confirmation' | 'withdrawal';
  occurred_at: Timestamp;
}

/** The tables Kysely may query; kept in step with `migrations/` by hand. */
export interface Database {
  tenants: TenantsTable;
  app_configs: AppConfigsTable;
  external_parties: ExternalPartiesTable;
  admin_users: AdminUsersTable;
  clients: ClientsTable;
  client_links: ClientLinksTable;
  consent_events: ConsentEventsTable;
}
