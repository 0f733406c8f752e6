import { type Kysely, sql } from 'kysely';

// When the client last connected a provider account (its first connect, or a reconnect with a new
// consent): the time CDS asks for in `x-fapi-auth-date` on every call to the holder (2026-12-02).
// Filled from each connection's latest `provider_account.create` or `.reconnect` audit row, or its
// creation, once here; the refresh read it from the audit log before, a backwards scan of every
// audit row of the client (each adviser read writes one) until the connection's own. Safe to apply
// again.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The practice-list triggers on provider_accounts are deferred to the commit (0012): an UPDATE of
  // its rows earlier in the migrating transaction (0020's, or the backfill below) would leave
  // events pending, and PostgreSQL refuses to ALTER a table with pending trigger events. Fired at
  // each statement's end for the rest of this transaction instead.
  await sql`set constraints all immediate`.execute(db);
  await sql`alter table provider_accounts add column if not exists connected_at timestamptz`.execute(db);
  await sql`
    update provider_accounts pa set connected_at = coalesce(
      (select max(al.at) from audit_log al
        where al.client_id = pa.client_id
          and al.target_type = 'provider_account'
          and al.target_id = pa.id::text
          and al.action in ('provider_account.create', 'provider_account.reconnect')),
      pa.created_at)
    where pa.connected_at is null`.execute(db);
  await sql`alter table provider_accounts alter column connected_at set default now()`.execute(db);
  await sql`alter table provider_accounts alter column connected_at set not null`.execute(db);
}
