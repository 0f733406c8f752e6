import { type Kysely, sql } from 'kysely';

// How far back each account's transactions are known to be read (2026-12-03): a refresh reads each
// account from 14 days before its own mark, which moves only when that account's transactions
// were read and stored. Until then a connection had one mark (`provider_accounts.
// transactions_synced_at`, 0020), moved only when every listed account's transactions were read,
// so one account whose reads kept failing made every other account be read back to its last full
// refresh (up to 730 days), at every refresh. Only the column: an account without a mark is read
// under the connection's mark as before until a refresh gives it its own
// (`accountsOldestTimes`), so no row is written here. Filling every account in the migration's
// transaction would hold `accounts` locked for every request while it ran (review 139). The
// connection's column stays (still written, for the release before).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column if not exists transactions_synced_at timestamptz`.execute(db);
}
