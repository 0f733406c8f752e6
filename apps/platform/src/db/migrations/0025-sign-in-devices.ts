import { type Kysely, sql } from 'kysely';

// Browsers that have signed in to an account before (rate-limit/sign-in-devices.ts): one row per
// device cookie handed out, by the hash of its token. A failed sign-in from such a browser counts
// against that browser, not against the account, so strangers' failures cannot lock the account's
// owner out of their own browser. `account` is the lower-cased e-mail the sign-in named, as the
// per-account counter's key, and `audience` whose account it is (an admin user's, at a token
// endpoint or the SSO identity's form, or a client's): a client's cookie is no use to an adviser
// of the same address. An account keeps its newest 10 browsers (by `(tenant_id, account)`); the
// hourly housekeeping deletes expired rows by `expires_at`. Safe to apply again (`if not exists`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists sign_in_devices (
    token_hash text primary key,
    tenant_id text not null,
    account text not null,
    audience text not null check (audience in ('admin_user', 'client')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index if not exists sign_in_devices_expires_at on sign_in_devices (expires_at)`.execute(
    db,
  );
  await sql`create index if not exists sign_in_devices_account on sign_in_devices (tenant_id, account)`.execute(
    db,
  );
}
