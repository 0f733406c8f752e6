import type { TransactionFilter } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';
import { transactionFilterWhere } from './transaction-filter-where.ts';

export interface TransactionSummary {
  count: number;
  sum: string;
  months?: { month: string; count: number; sum: string }[];
}

/**
 * Count and signed sum of the filtered transactions, summed as numeric in the database. By month
 * when asked: a transaction's date is already the Australia/Sydney calendar day it happened on,
 * so its month is its Sydney month, whatever the server's time zone or daylight saving.
 */
export async function summariseTransactions(
  db: Kysely<Database>,
  scope: ClientScope,
  filter: TransactionFilter & { period?: 'monthly' },
): Promise<TransactionSummary> {
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
