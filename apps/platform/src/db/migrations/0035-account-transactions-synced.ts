import { type Kysely, sql } from 'kysely';

// How far back each account's transactions are known to be read (2026-12-03): a refresh reads each
// account from 14 days before its own mark, which moves only when that account's transactions
// were read and stored. Until then a connection had one mark (`provider_accounts.
// transactions_synced_at`, 0020), moved only when every listed account's transactions were read,
// so one account whose reads kept failing made every other account be read back to its last full
// refresh (up to 730 days), at every refresh. Filled from the connection's mark for the accounts
// that read window applied to: those of a connection with a mark that hold transactions and are
// not `inactive` (left out of the holder's list). The others were read over the first refresh's
// 730 days, as an account without a mark is, so every account keeps the window it had. The
// connection's column stays (still written, for the release before). Safe to apply again: a mark
// already written stays.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column if not exists transactions_synced_at timestamptz`.execute(db);
  await sql`
    update accounts a set transactions_synced_at = pa.transactions_synced_at
    from provider_accounts pa
    where pa.id = a.provider_account_id
      and pa.transactions_synced_at is not null
      and a.transactions_synced_at is null
      and a.external_id is not null
      and a.account_status <> 'inactive'
      and exists (select 1 from transactions t where t.account_id = a.id)`.execute(db);
}
