import type { Kysely } from 'kysely';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';

/**
 * Locks the client's transactions among `ids` in id order, before a change of several of them:
 * two such changes at once (the client in its app, the adviser in the portal) then wait for each
 * other in one order. An UPDATE alone locks rows in the order its plan reads them (by index for a
 * few ids, by table position for many), and two overlapping edits could deadlock on PostgreSQL
 * (before 2026-11-29 a 500; a deadlock left anyway, with a refresh, is a 503 to send again).
 */
export async function lockTransactions(
  trx: Kysely<Database>,
  scope: ClientScope,
  ids: readonly number[],
): Promise<void> {
  await trx
    .selectFrom('transactions')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}
