import type { TransactionFilter } from '@waratah/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, TransactionsTable } from '../../db/database-schema.ts';

/** Exactly the expression of the `transactions_search_trgm` index. */
const searchDocument = sql`(coalesce(t.description_original, '') || chr(10) || coalesce(t.description_simple, '') || chr(10) || coalesce(t.description_user, '') || chr(10) || coalesce(t.merchant_name, '') || chr(10) || coalesce(t.memo, ''))`;

export type TransactionsBuilder = ExpressionBuilder<Database & { t: TransactionsTable }, 't'>;

/** The account of `column` is one the client counts (`included`), or one it leaves out. */
export function accountIncluded(
  column: 't.account_id' | 'm.account_id',
  included: boolean,
): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from accounts as a where a.id = ${sql.ref(column)} and a.included = ${included})`;
}

/**
 * The list and summary filters (reference §5) as one condition on `t`. Text search matches the
 * descriptions, the merchant and the memo, case-insensitively; amounts compare signed values; tags
 * match exactly, any one of them.
 */
export function transactionFilterWhere(
  eb: TransactionsBuilder,
  filter: TransactionFilter,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.account_ids) conditions.push(eb('t.account_id', 'in', filter.account_ids));
  if (filter.transaction_ids) conditions.push(eb('t.id', 'in', filter.transaction_ids));
  if (filter.from_date) conditions.push(eb('t.transaction_date', '>=', filter.from_date));
  if (filter.to_date) conditions.push(eb('t.transaction_date', '<=', filter.to_date));
  if (filter.transaction_category_ids)
    conditions.push(eb('t.category_id', 'in', filter.transaction_category_ids));
  if (filter.budget_category) conditions.push(eb('t.budget_category', '=', filter.budget_category));
  if (filter.base_type && filter.base_type !== 'debit_credit')
    conditions.push(eb('t.base_type', '=', filter.base_type));
  if (filter.min_amount) conditions.push(sql<SqlBool>`t.amount >= ${filter.min_amount}::numeric`);
  if (filter.max_amount) conditions.push(sql<SqlBool>`t.amount <= ${filter.max_amount}::numeric`);
  if (filter.transaction_included !== undefined)
    conditions.push(eb('t.included', '=', filter.transaction_included));
  if (filter.account_included !== undefined)
    conditions.push(accountIncluded('t.account_id', filter.account_included));
  if (filter.status) conditions.push(eb('t.status', '=', filter.status));
  if (filter.tags)
    conditions.push(
      sql<SqlBool>`t.tags ?| array(select jsonb_array_elements_text(${JSON.stringify(filter.tags)}::jsonb))`,
    );
  if (filter.search_term) {
    const pattern = `%${filter.search_term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // The trigram index of migration 0009 holds every searched column in one expression: this
    // condition uses it; the per-column test below keeps matches exact (never across two columns).
    conditions.push(sql<SqlBool>`${searchDocument} ilike ${pattern}`);
    conditions.push(
      eb.or([
        eb('t.description_original', 'ilike', pattern),
        eb('t.description_simple', 'ilike', pattern),
        eb('t.description_user', 'ilike', pattern),
        eb('t.merchant_name', 'ilike', pattern),
        eb('t.memo', 'ilike', pattern),
      ]),
    );
  }
  return eb.and(conditions);
}
