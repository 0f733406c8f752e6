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
  terms_accepted_at: Date | null;
  external_party_id: number | null;
  /**
   * When a registration nobody confirmed became a practice's invitation (migration 0034): its
   * entries dated before are not in the practice's audit log. Null for any other account.
   */
  practice_joined_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
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
  password_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * Who suspended the client, a practice or the operator, and from which state (migration 0029);
   * none of it for a suspension made before.
   */
  suspended_by_party_id: ColumnType<number | null, number | null | undefined, number | null>;
  suspended_by_operator: ColumnType<boolean, boolean | undefined, boolean>;
  suspended_from: ColumnType<'invited' | 'active' | null, 'invited' | 'active' | null | undefined>;
}

export interface ClientLinksTable {
  id: Id;
  tenant_id: string;
  client_id: number;
  external_party_id: number;
  invited_by_admin_user_id: number | null;
  /** The names the adviser typed when inviting (migration 0017), shown while `foreign-invitation.ts` says so. */
  invited_given_name: ColumnType<string | null, string | null | undefined, string | null>;
  invited_family_name: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface ServiceClientsTable {
  id: Id;
  tenant_id: string;
  client_id: string;
  secret_hash: string;
  admin_user_id: number;
  name: string;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export type OAuthTokenKind = 'access' | 'refresh';
export type TokenSubjectKind = 'admin_user' | 'client';
/** A token limited to less than its account: a client's consents (`auth/principal.ts`). */
export type TokenScope = 'consents';

export interface OAuthTokensTable {
  id: Id;
  token_hash: string;
  kind: OAuthTokenKind;
  subject_kind: TokenSubjectKind;
  subject_id: number;
  tenant_id: string;
  client_id: string;
  family_id: string;
  /** The refresh token this one replaced; no foreign key since migration 0031. */
  rotated_from: number | null;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Timestamp;
  /** What the token reaches: null the whole account, `consents` a client's consents alone (0030). */
  scope: ColumnType<TokenScope | null, TokenScope | null | undefined, TokenScope | null>;
  /**
   * On a refresh token while it is live: the answer that issued it, sealed for the token it
   * replaced (`auth/tokens/refresh-retry-answer.ts`); null once spent or revoked.
   */
  retry_answer: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OneTimeTokenPurpose = 'reset_password' | 'invitation' | 'email_verification';

export interface OneTimeTokensTable {
  id: Id;
  tenant_id: string;
  admin_user_id: number;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface RateLimitBucketsTable {
  key: string;
  window_start: Date;
  count: number;
}

/** A browser that signed in to an account (migration 0025, rate-limit/sign-in-devices.ts). */
export interface SignInDevicesTable {
  token_hash: string;
  tenant_id: string;
  /** The e-mail the sign-in named, lower-cased and trimmed. */
  account: string;
  audience: 'admin_user' | 'client';
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
}

export interface MailLinkRow {
  label: string;
  url: string;
}

export interface MailMessagesTable {
  id: Id;
  tenant_id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  links: Jsonb<MailLinkRow[]>;
  created_at: Timestamp;
}

export interface BrokersAggregatorsTable {
  id: Id;
  name: string;
  created_at: Timestamp;
}

/** One artefact oidc-provider persists (apps/identity): a session, an interaction, a grant, a code, a token… */
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

/** A private key of the identity service: a signing JWK ('sig') or a cookie-signing secret ('cookie'). */
export interface IdentityKeysTable {
  kid: string;
  use: 'sig' | 'cookie';
  private_key: Jsonb<Record<string, unknown>>;
  created_at: Timestamp;
}

/** numeric(14,2): `pg` and PGlite read it as a decimal string; written as a string, never a float. */
type Numeric = ColumnType<string, string, string>;
/**
 * A date column, written as YYYY-MM-DD. Read it cast to text (`transaction_date::text`): `pg` would
 * turn a bare date into a local-time Date.
 */
type DateColumn = ColumnType<string, string, string>;

export interface ProvidersTable {
  id: Id;
  name: string;
  status: string;
  container_names: Jsonb<string[]>;
  small_logo_url: string | null;
  base_url: string | null;
  aggregator_type: string;
  popular: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface ProviderAccountsTable {
  id: Id;
  tenant_id: string;
  client_id: number;
  provider_id: number;
  status: string;
  refresh_status: string | null;
  refresh_sub_status: string | null;
  last_refreshed: Date | null;
  next_refresh: Date | null;
  created_at: Timestamp;
}

export interface AccountsTable {
  id: Id;
  tenant_id: string;
  client_id: number;
  provider_account_id: number;
  account_name: string;
  nick_name: string | null;
  account_number: string | null;
  bsb: string | null;
  container: string;
  account_type: string;
  holder_type: ColumnType<string, string | undefined, string>;
  current_balance: Numeric;
  available_balance: Numeric | null;
  currency: ColumnType<string, string | undefined, string>;
  included: ColumnType<boolean, boolean | undefined, boolean>;
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  account_status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface TransactionCategoriesTable {
  id: number;
  name: string;
  key: string;
  category_type: string;
  default_budget_category: string;
  placement: number;
}

export interface TransactionsTable {
  id: Id;
  tenant_id: string;
  client_id: number;
  account_id: number;
  amount: Numeric;
  currency: ColumnType<string, string | undefined, string>;
  base_type: 'debit' | 'credit';
  status: ColumnType<'pending' | 'posted', 'pending' | 'posted' | undefined, 'pending' | 'posted'>;
  transaction_date: DateColumn;
  post_date: DateColumn | null;
  description_original: string;
  description_simple: string | null;
  description_user: string | null;
  merchant_name: string | null;
  category_id: number | null;
  budget_category: string;
  tags: ColumnType<string[], string | undefined, string>;
  included: ColumnType<boolean, boolean | undefined, boolean>;
  memo: string | null;
  external_id: string | null;
  created_at: Timestamp;
}

export interface GoalsTable {
  id: Id;
  tenant_id: string;
  client_id: number;
  account_id: number | null;
  name: string;
  description: string | null;
  tracking_type: string;
  target_type: string;
  frequency: string;
  start_date: DateColumn;
  end_date: DateColumn | null;
  target_amount: Numeric | null;
  current_amount: ColumnType<string, string | undefined, string>;
  period_amount: Numeric | null;
  start_amount: ColumnType<string, string | undefined, string>;
  currency: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  /** The day (Sydney) its progress was last worked out (goals/goal-progress.ts, migration 0024). */
  progress_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's data version its progress was last worked out at. */
  progress_version: ColumnType<string | null, never, never>;
}

export interface GoalPeriodsTable {
  id: Id;
  goal_id: number;
  index: number;
  start_date: DateColumn;
  end_date: DateColumn;
  target_amount: Numeric;
  current_amount: Numeric;
  tracking_status: string;
}

export interface ImagesTable {
  id: Id;
  tenant_id: string;
  admin_user_id: number | null;
  external_party_id: number | null;
  content: Uint8Array;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  /**
   * `bigint` since migration 0026: node-postgres reads it as a string, PGlite as a number (a
   * bigint past 2⁵³). Read it through `Number()` (access/list-audit-log.ts).
   */
  id: ColumnType<string | number | bigint, never, never>;
  tenant_id: string;
  /** `system`: the platform itself (the consent expiry sweep), actor id 0 (migration 0022). */
  actor_kind: 'admin_user' | 'client' | 'system';
  actor_id: number;
  action: string;
  target_type: string;
  target_id: string | null;
  client_id: number | null;
  ip: string | null;
  at: Timestamp;
}

export interface DemoDataRunsTable {
  tenant_id: string;
  generator_version: number;
  seeded_at: Timestamp;
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
  service_clients: ServiceClientsTable;
  oauth_tokens: OAuthTokensTable;
  one_time_tokens: OneTimeTokensTable;
  rate_limit_buckets: RateLimitBucketsTable;
  sign_in_devices: SignInDevicesTable;
  mail_messages: MailMessagesTable;
  brokers_aggregators: BrokersAggregatorsTable;
  identity_store: IdentityStoreTable;
  identity_keys: IdentityKeysTable;
  providers: ProvidersTable;
  provider_accounts: ProviderAccountsTable;
  accounts: AccountsTable;
  transaction_categories: TransactionCategoriesTable;
  transactions: TransactionsTable;
  goals: GoalsTable;
  goal_periods: GoalPeriodsTable;
  images: ImagesTable;
  audit_log: AuditLogTable;
  demo_data_runs: DemoDataRunsTable;
}

// Open banking (migration 0008: refresh, consent configuration, file import). These declarations
// merge into the interfaces above, so `Kysely<Database>` knows the columns and tables.

export interface ProviderAccountsTable {
  /** Who the client is at the data holder (the simulated holder's customer id). */
  holder_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  holder_consent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The holder's access token, sealed with AES-256-GCM (open-banking/holder-token-cipher.ts). */
  holder_access_token: ColumnType<string | null, string | null | undefined, string | null>;
  holder_consent_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Temporary failures in a row; the back-off grows with it and a success resets it. */
  refresh_failures: ColumnType<number, number | undefined, number>;
  /**
   * The last refresh that read every listed account's transactions (migration 0020). Read by no
   * refresh since 2026-12-03, which reads each account from its own mark
   * (`accounts.transactions_synced_at`, migration 0035); still written, for the release before.
   */
  transactions_synced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the client last connected it, with a consent (migration 0032): CDS `x-fapi-auth-date`. */
  connected_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AccountsTable {
  /** The source's id of the account (CDS accountId, or `file-…` for an imported account). */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The last refresh that read this account's transactions (migration 0035): the next reads it
   * from 14 days before. Null: never read, or left out of the holder's list since (read over the
   * first refresh's 730 days).
   */
  transactions_synced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface CdrConfigsTable {
  id: Id;
  tenant_id: string;
  external_id: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  display_name: string;
  support_email: string;
  cdr_policy_url: string;
  model: 'affiliate' | 'principal' | 'representative';
  sharing_durations: ColumnType<{ duration: number; description: string }[], string, string>;
  sharing_use_duration: number;
  created_at: Timestamp;
}

export interface FileImportsTable {
  id: Id;
  tenant_id: string;
  client_id: number;
  account_id: number;
  format: 'csv' | 'ofx';
  file_name: string | null;
  file_sha256: string;
  rows_read: number;
  rows_added: number;
  created_at: Timestamp;
}

export interface Database {
  cdr_configs: CdrConfigsTable;
  file_imports: FileImportsTable;
}

// Migration 0010: each client's data version, bumped by triggers on transactions and accounts
// (and, from 0011, provider_accounts).

export interface ClientDataVersionsTable {
  client_id: number;
  version: ColumnType<string, never, never>;
}

export interface Database {
  client_data_versions: ClientDataVersionsTable;
}

// Migration 0012: each practice's client-list version, bumped by triggers on client_links, clients
// and provider_accounts.

export interface PracticeListVersionsTable {
  external_party_id: number;
  version: ColumnType<string, never, never>;
}

export interface Database {
  practice_list_versions: PracticeListVersionsTable;
}
