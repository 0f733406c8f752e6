import type { TransactionFilter } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';
import { transactionFilterWhere } from './transaction-filter-where.ts';
import { monthTotalsCover, selectMonthTotals } from './transaction-month-totals.ts';

export interface TransactionSummary {
  count: number;
  sum: string;
  months?: { month: string; count: number; sum: string }[];
}

/**
 * Count and signed sum of the filtered transactions, summed as numeric in the database. By month
 * when asked: a transaction's date is already the Australia/Sydney calendar day it happened on,
 * so its month is its Sydney month, whatever the server's time zone or daylight saving. Filters of
 * whole months without text, id or amount conditions read the trigger-maintained monthly totals
 * (a few hundred rows per client, exact); the others sum the matching transactions.
 */
export async function summariseTransactions(
  db: Kysely<Database>,
  scope: ClientScope,
  filter: TransactionFilter & { period?: 'monthly' },
): Promise<TransactionSummary> {
  if (monthTotalsCover(filter)) {
    const months = await selectMonthTotals(db, scope, filter)
      .select([
        sql<string>`to_char(m.month, 'YYYY-MM')`.as('month'),
        sql<number>`sum(m.transaction_count)::int`.as('count'),
        sql<string>`sum(m.amount_sum)::text`.as('sum'),
        sql<string>`(sum(sum(m.amount_sum)) over ())::text`.as('total'),
      ])
      .groupBy('m.month')
      .orderBy('m.month')
      .execute();
    const count = months.reduce((total, month) => total + month.count, 0);
    const sum = months[0]?.total ?? '0';
    const byMonth = months.map(({ month, count, sum }) => ({ month, count, sum }));
    return filter.period === 'monthly' ? { count, sum, months: byMonth } : { count, sum };
  }
  const base = db
    .selectFrom('transactions as t')
    .where('t.tenant_id', '=', scope.tenantId)
    .where('t.client_id', '=', scope.clientId)
    .where((eb) => transactionFilterWhere(eb, filter));
  const total = await base
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`coalesce(sum(t.amount), 0)::text`.as('sum')])
    .executeTakeFirstOrThrow();
  if (filter.period !== 'monthly') return total;
  const months = await base
    .select([
      sql<string>`to_char(t.transaction_date, 'YYYY-MM')`.as('month'),
      sql<number>`count(*)::int`.as('count'),
      sql<string>`sum(t.amount)::text`.as('sum'),
    ])
    .groupBy(sql`to_char(t.transaction_date, 'YYYY-MM')`)
    .orderBy('month')
    .execute();
  return { ...total, months };
}
