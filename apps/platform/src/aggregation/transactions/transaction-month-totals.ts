import type { TransactionFilter } from '@waratah/contracts';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database-schema.ts';
import { addDays, addMonths } from '../calendar-date.ts';
import { accountIncluded } from './transaction-filter-where.ts';

/**
 * `transaction_month_totals` (migration 0009) holds, per client, account, Sydney month, category,
 * budget category, direction and included flag, the count and sum of the client's transactions.
 * Triggers on `transactions` keep it exact inside every writing transaction, so a count or sum
 * over a filter it can express is read from a few hundred rows instead of every transaction.
 */

export interface TransactionMonthTotalsTable {
  tenant_id: string;
  client_id: number;
  account_id: number;
  /** The first day of the month, YYYY-MM-DD. */
  month: string;
  category_id: number | null;
  budget_category: string;
  base_type: string;
  included: boolean;
  transaction_count: number;
  /** numeric(24,2) (migration 0018), signed. */
  amount_sum: string;
}

type WithMonthTotals = Database & { transaction_month_totals: TransactionMonthTotalsTable };

/** Whether the filter can be answered from the monthly totals: no text, id, tag or amount filter, and whole months. */
export function monthTotalsCover(filter: TransactionFilter): boolean {
  if (filter.search_term !== undefined) return false;
  // The totals do not keep pending and posted apart.
  if (filter.status !== undefined) return false;
  if (filter.transaction_ids !== undefined || filter.tags !== undefined) return false;
  if (filter.min_amount !== undefined || filter.max_amount !== undefined) return false;
  if (filter.from_date !== undefined && !filter.from_date.endsWith('-01')) return false;
  if (filter.to_date !== undefined && filter.to_date !== lastDayOfMonth(filter.to_date)) return false;
  return true;
}

export function lastDayOfMonth(date: string): string {
  return addDays(addMonths(`${date.slice(0, 7)}-01`, 1), -1);
}

type MonthTotalsBuilder = ExpressionBuilder<WithMonthTotals & { m: TransactionMonthTotalsTable }, 'm'>;

/** The filter as a condition on the totals' rows; only for filters `monthTotalsCover` accepts. */
export function monthTotalsWhere(eb: MonthTotalsBuilder, filter: TransactionFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.account_ids) conditions.push(eb('m.account_id', 'in', filter.account_ids));
  if (filter.from_date) conditions.push(eb('m.month', '>=', filter.from_date));
  if (filter.to_date) conditions.push(eb('m.month', '<=', `${filter.to_date.slice(0, 7)}-01`));
  if (filter.transaction_category_ids)
    conditions.push(eb('m.category_id', 'in', filter.transaction_category_ids));
  if (filter.budget_category) conditions.push(eb('m.budget_category', '=', filter.budget_category));
  if (filter.base_type && filter.base_type !== 'debit_credit')
    conditions.push(eb('m.base_type', '=', filter.base_type));
  if (filter.transaction_included !== undefined)
    conditions.push(eb('m.included', '=', filter.transaction_included));
  if (filter.account_included !== undefined)
    conditions.push(accountIncluded('m.account_id', filter.account_included));
  return eb.and(conditions);
}

/** The monthly totals of one client, narrowed by the filter. */
export function selectMonthTotals(
  db: Kysely<Database>,
  scope: { tenantId: string; clientId: number },
  filter: TransactionFilter,
) {
  return db
    .withTables<{ transaction_month_totals: TransactionMonthTotalsTable }>()
    .selectFrom('transaction_month_totals as m')
    .where('m.client_id', '=', scope.clientId)
    .where('m.tenant_id', '=', scope.tenantId)
    .where((eb) => monthTotalsWhere(eb, filter));
}

/** How many of the client's transactions the filter matches: from the totals when they cover it, else counted. */
export async function countTransactions(
  db: Kysely<Database>,
  scope: { tenantId: string; clientId: number },
  filter: TransactionFilter,
  exact: (db: Kysely<Database>) => Promise<number>,
): Promise<number> {
  if (!monthTotalsCover(filter)) return exact(db);
  const { total } = await selectMonthTotals(db, scope, filter)
    .select(sql<number>`coalesce(sum(m.transaction_count), 0)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return total;
}
