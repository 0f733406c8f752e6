import { type Kysely, sql } from 'kysely';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';
import { lockClientDataVersion } from '../client-data-version.ts';

/**
 * Locks what a change of the client's transactions writes, in the order every writer of the
 * client's data takes it: first the client's data version (`client_data_versions`, which the
 * change's trigger bumps), then the transactions among `ids`, in id order.
 *
 * - Two changes at once (the client in its app, the adviser in the portal) wait for each other in
 *   one order. An UPDATE alone locks rows in the order its plan reads them (by index for a few ids,
 *   by table position for many), and two overlapping edits could deadlock on PostgreSQL (before
 *   2026-11-29 a 500).
 * Answers how many tags each locked transaction holds (the count before the change).
 *
 * - A bank refresh bumps the data version at its first account and then writes transactions: a
 *   change that locked transactions first and the version last (through its trigger) deadlocked
 *   with it (before 2026-11-30, a 503 to the adviser or a failed refresh). It now waits for the
 *   refresh instead. The version is taken as it is; the trigger bumps it.
 */
export async function lockTransactions(
  trx: Kysely<Database>,
  scope: ClientScope,
  ids: readonly number[],
): Promise<Map<number, number>> {
  await lockClientDataVersion(trx, scope.clientId);
  const rows = await trx
    .selectFrom('transactions')
    .select(['id', sql<number>`jsonb_array_length(tags)`.as('tagCount')])
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row.tagCount]));
}
