import type { ColumnType, Kysely } from 'kysely';

type Jsonb<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type Id = ColumnType<number, number | undefined, never>;

/**
 * The platform tables the identity service reads and writes, as the platform's migrations define
 * them (apps/platform/src/db/migrations). The identity never imports the platform: it is handed
 * the platform's Kysely instance and sees only these columns.
 */
export interface AdminUsersTable {
  id: Id;
  tenant_id: string;
  email: string;
  given_name: string;
  family_name: string;
  kind: ColumnType<'adviser' | 'operator', 'adviser' | 'operator' | undefined, 'adviser' | 'operator'>;
  roles: Jsonb<string[]>;
  status: ColumnType<'active' | 'suspended', 'active' | 'suspended' | undefined, 'active' | 'suspended'>;
  password_hash: string | null;
  email_verified_at: Date | null;
  terms_accepted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdentityStoreTable {
  model: string;
  id: string;
  payload: Jsonb<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface IdentityKeysTable {
  kid: string;
  use: 'sig' | 'cookie';
  private_key: Jsonb<Record<string, unknown>>;
  created_at: Timestamp;
}

/** The platform's audit log (its migrations 0006 and 0026); the identity only appends to it. */
export interface AuditLogTable {
  /** `bigint` (the platform's migration 0026): read as a string or a number, by engine. */
  id: ColumnType<string | number | bigint, never, never>;
  tenant_id: string;
  actor_kind: 'admin_user' | 'client' | 'system';
  actor_id: number;
  action: string;
  target_type: string;
  target_id: string | null;
  client_id: number | null;
  ip: string | null;
  at: Timestamp;
}

/**
 * The platform's own bearer tokens (its password and refresh grants): only what revoking a
 * subject's needs (`revokeBearerTokens`), as a new password ends every sign-in of an adviser in
 * both, and a suspension or its end every sign-in of a client.
 */
export interface PlatformTokensTable {
  id: ColumnType<number, number | undefined, never>;
  subject_kind: string;
  subject_id: number;
  revoked_at: Date | null;
  expires_at: Date;
  /** A refresh's answer kept for its retry; dropped with the token (the platform's migration 0016). */
  retry_answer: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The platform's e-mailed links (reset, invitation), spent when the identity sets a password. */
export interface PlatformLinkTokensTable {
  admin_user_id: number;
  purpose: 'reset_password' | 'invitation' | 'email_verification';
  used_at: Date | null;
}

export interface IdentityDatabase {
  admin_users: AdminUsersTable;
  oauth_tokens: PlatformTokensTable;
  one_time_tokens: PlatformLinkTokensTable;
  audit_log: AuditLogTable;
  identity_store: IdentityStoreTable;
  identity_keys: IdentityKeysTable;
}

export type IdentityDb = Kysely<IdentityDatabase>;
