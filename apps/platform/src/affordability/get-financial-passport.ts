import type { FinancialPassport } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { addDays, addMonths } from '../aggregation/calendar-date.ts';
import { toCents } from '../aggregation/cents.ts';
import type { Database } from '../db/database-schema.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { computeFinancialPassport, type PassportTransaction } from './compute-financial-passport.ts';

/** `GET financialpassport`: loads the client's accounts and transactions, then computes. The default range is the past year. */
export async function getFinancialPassport(
  db: Kysely<Database>,
  scope: ClientScope,
  query: { account_ids?: number[] | undefined; from_date?: string | undefined; to_date?: string | undefined },
): Promise<FinancialPassport> {
  const to = query.to_date ?? sydneyToday();
  const from = query.from_date ?? addDays(addMonths(to, -12), 1);
  let accounts = db
    .selectFrom('accounts')
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .where('included', '=', true)
    .select([
      'id',
      'account_name',
      'container',
      'account_type',
      sql<string>`current_balance::text`.as('balance'),
    ]);
  if (query.account_ids) accounts = accounts.where('id', 'in', query.account_ids);
  const accountRows = await accounts.orderBy('id').execute();
  const accountIds = accountRows.map((account) => account.id);
  const rows =
    accountIds.length === 0
      ? []
      : await db
          .selectFrom('transactions as t')
          .leftJoin('transaction_categories as c', 'c.id', 't.category_id')
          .where('t.tenant_id', '=', scope.tenantId)
          .where('t.client_id', '=', scope.clientId)
          .where('t.account_id', 'in', accountIds)
          .where('t.transaction_date', '>=', from)
          .select([
            't.id',
            't.account_id',
            't.included',
            sql<string>`t.transaction_date::text`.as('date'),
            sql<string>`t.amount::text`.as('amount'),
            'c.key as category_key',
            'c.name as category_name',
            'c.category_type',
            sql<string>`coalesce(t.merchant_name, t.description_simple, t.description_original)`.as('source'),
          ])
          .orderBy('t.transaction_date')
          .orderBy('t.id')
          .execute();
  const all: (PassportTransaction & { included: boolean })[] = rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    date: row.date,
    cents: toCents(row.amount),
    categoryKey: row.category_key,
    categoryName: row.category_name,
    categoryType: row.category_type,
    source: row.source,
    included: row.included,
  }));
  return computeFinancialPassport({
    range: { from, to },
    accounts: accountRows.map((account) => ({
      id: account.id,
      name: account.account_name,
      container: account.container,
      type: account.account_type,
      balanceCents: toCents(account.balance),
    })),
    // Figures count only what the client included; balances moved with every transaction.
    transactions: all.filter((tx) => tx.included && tx.date <= to),
    excluded: all.filter((tx) => !tx.included && tx.date <= to),
    later: all.filter((tx) => tx.date > to),
    createdAt: new Date().toISOString(),
  });
}
