import type { TransactionChange } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import { holdConsentFor } from '../../access/hold-client-access.ts';
import { recordAudit } from '../../access/record-audit.ts';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';
import { AppError } from '../../errors/app-error.ts';
import { faultPoint, faultPoints } from '../../faults/fault-point.ts';
import { lockTransactions } from './lock-transactions.ts';

/**
 * Recategorises, includes or excludes, and annotates transactions of one client: every id must be
 * the client's, or nothing changes (one transaction, 404 naming the missing ids).
 */
export async function updateTransactions(
  db: Kysely<Database>,
  scope: ClientScope,
  ids: readonly number[],
  change: TransactionChange,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    if (change.category_id !== undefined) {
      const category = await trx
        .selectFrom('transaction_categories')
        .select('id')
        .where('id', '=', change.category_id)
        .executeTakeFirst();
      if (!category) {
        const message = `there is no category ${change.category_id}`;
        throw new AppError('validation_failed', `body.category_id: ${message}`, {
          fields: [{ field: 'body.category_id', message }],
        });
      }
    }
    // Written only while the caller's consent is current: one withdrawn since the access check
    // answers 404 (before 2026-11-30 the change was written after the withdrawal).
    await holdConsentFor(trx, scope);
    await lockTransactions(trx, scope, unique);
    const updated = await trx
      .updateTable('transactions')
      .set({
        ...(change.budget_category === undefined ? {} : { budget_category: change.budget_category }),
        ...(change.category_id === undefined ? {} : { category_id: change.category_id }),
        ...(change.included === undefined ? {} : { included: change.included }),
        // An empty one clears it, as null does (the description is trimmed by the contract): before
        // 2026-12-03 "" was kept, and a blank title stood in for the holder's description.
        ...(change.memo === undefined ? {} : { memo: change.memo || null }),
        ...(change.user_description === undefined
          ? {}
          : { description_user: change.user_description || null }),
      })
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', 'in', unique)
      .returning('id')
      .execute();
    if (updated.length !== unique.length) {
      const found = new Set(updated.map((row) => row.id));
      throw new AppError(
        'not_found',
        `There is no transaction ${unique.filter((id) => !found.has(id)).join(', ')}`,
      );
    }
    await faultPoint(faultPoints.transactionsBulkUpdate); // docs/reliability.md; inert unless armed
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'transactions.update',
      targetType: 'transaction',
      targetId: unique.join(','),
      clientId: scope.clientId,
    });
    return unique;
  });
}
