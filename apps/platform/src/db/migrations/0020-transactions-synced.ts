import { type Kysely, sql } from 'kysely';

// How far back a connection's transactions are known to be read in full. A refresh reads from 14
// days before it; until 2026-11-30 it read from `last_refreshed`, which every refresh moved on
// even when some accounts' transactions failed, so those accounts never got the history they
// missed. A connection refreshed before starts from its last refresh, as before. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table provider_accounts add column if not exists transactions_synced_at timestamptz`.execute(
    db,
  );
  await sql`update provider_accounts set transactions_synced_at = last_refreshed
    where transactions_synced_at is null and last_refreshed is not null`.execute(db);
}
