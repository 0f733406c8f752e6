import { maxTagsPerTransaction, type TransactionTagsBody } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import { holdConsentFor } from '../../access/hold-client-access.ts';
import { recordAudit } from '../../access/record-audit.ts';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';
import { AppError } from '../../errors/app-error.ts';
import { lockTransactions } from './lock-transactions.ts';

/**
 * Adds tags to, or removes them from, transactions of one client, all or none. Adding keeps each
 * tag once and the order tags were first added in.
 */
export async function tagTransactions(
  db: Kysely<Database>,
  scope: ClientScope,
  body: TransactionTagsBody,
  operation: 'add' | 'remove',
): Promise<number[]> {
  const ids = [...new Set(body.transaction_ids)];
  const tags = JSON.stringify([...new Set(body.tags)]);
  const tagsExpression =
    operation === 'add'
      ? sql<string>`(select coalesce(jsonb_agg(tag order by position), '[]'::jsonb) from (
          select tag, min(position) as position from jsonb_array_elements_text(tags || ${tags}::jsonb)
          with ordinality as element(tag, position) group by tag) as unique_tags)`
      : sql<string>`(select coalesce(jsonb_agg(tag), '[]'::jsonb) from jsonb_array_elements_text(tags) as tag
          where not (${tags}::jsonb ? tag))`;
  return db.transaction().execute(async (trx) => {
    // Written only while the caller's consent is current: one withdrawn since the access check
    // answers 404 (before 2026-11-30 the change was written after the withdrawal).
    await holdConsentFor(trx, scope);
    const tagsBefore = await lockTransactions(trx, scope, ids);
    const updated = await trx
      .updateTable('transactions')
      .set({ tags: tagsExpression })
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', 'in', ids)
      .returning(['id', sql<number>`jsonb_array_length(tags)`.as('tagCount')])
      .execute();
    if (updated.length !== ids.length) {
      const found = new Set(updated.map((row) => row.id));
      throw new AppError(
        'not_found',
        `There is no transaction ${ids.filter((id) => !found.has(id)).join(', ')}`,
      );
    }
    // Each call adds at most 20, but calls add up: before 2026-11-30 a transaction could gather
    // tags without end, and each page of 500 carried them all.
    // Only an addition that grew a row past the limit: rows tagged past it before the limit
    // existed can still have tags removed, or a tag they hold added again.
    const crowded =
      operation === 'add'
        ? updated.find(
            (row) => row.tagCount > maxTagsPerTransaction && row.tagCount > (tagsBefore.get(row.id) ?? 0),
          )
        : undefined;
    if (crowded) {
      const message = `transaction ${crowded.id} would have more than ${maxTagsPerTransaction} tags`;
      throw new AppError('validation_failed', `body.tags: ${message}`, {
        fields: [{ field: 'body.tags', message }],
      });
    }
    await recordAudit(trx, {
      actor: scope.actor,
      action: `transactions.tags.${operation}`,
      targetType: 'transaction',
      targetId: ids.join(','),
      clientId: scope.clientId,
    });
    return ids;
  });
}
