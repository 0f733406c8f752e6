import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database-schema.ts';

/**
 * Transactions of one client with the wire's columns: dates and amounts cast to text (exact on
 * both engines), the category's name joined in. Every caller starts here, so the tenant and
 * client filters can never be forgotten.
 */
export function selectTransactions(db: Kysely<Database>, scope: { tenantId: string; clientId: number }) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('transaction_categories as c', 'c.id', 't.category_id')
    .where('t.tenant_id', '=', scope.tenantId)
    .where('t.client_id', '=', scope.clientId)
    .select([
      't.id',
      't.account_id',
      't.base_type',
      't.status',
      sql<string>`t.transaction_date::text`.as('transaction_date'),
      sql<string | null>`t.post_date::text`.as('post_date'),
      sql<string>`t.amount::text`.as('amount'),
      't.currency',
      't.description_original',
      't.description_simple',
      't.description_user',
      't.merchant_name',
      't.category_id',
      'c.name as category_name',
      't.budget_category',
      't.tags',
      't.included',
      't.memo',
      't.external_id',
    ]);
}

export type TransactionRow = Awaited<
  ReturnType<ReturnType<typeof selectTransactions>['executeTakeFirstOrThrow']>
>;
