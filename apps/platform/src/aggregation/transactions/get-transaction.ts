import type { Transaction } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';
import { requireWireJson, writtenAnswer } from '../../db/wire-json.ts';
import { AppError } from '../../errors/app-error.ts';
import { selectTransactions } from './select-transactions.ts';

/** `{ data: transaction }`, written by the database; 404 for an id the client does not have. */
export async function getTransaction(
  db: Kysely<Database>,
  scope: ClientScope,
  id: number,
): Promise<{ data: Transaction }> {
  const row = await selectTransactions(db, scope).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', `There is no transaction ${id}`);
  return writtenAnswer(`{"data":${requireWireJson(row.wire, `transaction ${row.id}`)}}`);
}
