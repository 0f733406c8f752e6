import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/**
 * Locks the client's data version (`client_data_versions`) as it is, before any write whose
 * trigger bumps it (transactions, accounts, provider accounts). Every writer of a client's data
 * takes it first — a bank refresh, an adviser's change, a refresh mark, a connection's delete —
 * so two of them meeting wait for each other instead of deadlocking (the triggers take it after
 * the rows a statement locks).
 */
export async function lockClientDataVersion(trx: Kysely<Database>, clientId: number): Promise<void> {
  await sql`
    insert into client_data_versions as v (client_id, version) values (${clientId}, 1)
    on conflict (client_id) do update set version = v.version`.execute(trx);
}
