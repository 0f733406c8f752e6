import {
  type BudgetCategory,
  type BudgetCategoryReport,
  budgetCategories,
  type ReportPeriod,
} from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { addMonths } from '../aggregation/calendar-date.ts';
import { formatCents, toCents } from '../aggregation/cents.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { periodStartSql, periodStarts, weekStart } from './report-periods.ts';
import { sydneyToday } from './sydney-calendar.ts';

export interface BudgetCategoryReportQuery {
  /** Default `monthly`; see `reportPeriods` for how each period is bounded. */
  period?: ReportPeriod | undefined;
  from_date?: string | undefined;
  to_date?: string | undefined;
  account_ids?: number[] | undefined;
  base_type?: 'credit' | 'debit' | undefined;
  /** Only this budget category (0–4), for `budget_categories/{id}`. */
  budgetCategory?: BudgetCategory;
}

/**
 * Included transactions of the accounts in the client's totals, by period and budget category (reference §7): every period of the range is
 * listed (its `date` is the period's first day), empty ones with value 0. Sums are exact (numeric in the database, cents here); values
 * are positive with an `income` flag, as the reference's report values are.
 */
export async function budgetCategoryReport(
  db: Kysely<Database>,
  scope: ClientScope,
  query: BudgetCategoryReportQuery,
): Promise<BudgetCategoryReport> {
  const to = query.to_date ?? sydneyToday();
  const from = query.from_date ?? `${addMonths(to, -11).slice(0, 7)}-01`;
  assertForwardRange({ from, to });
  const period = query.period ?? 'monthly';
  const starts = periodStarts(period, from, to);
  const bucket = periodStartSql(period, sql`t.transaction_date`, weekStart(from));
  let rows = db
    .selectFrom('transactions as t')
    .where('t.tenant_id', '=', scope.tenantId)
    .where('t.client_id', '=', scope.clientId)
    .where('t.included', '=', true)
    // Only accounts in the client's totals, as the net position, the passport and the insights
    // count them (before 2026-11-30 an account marked "not in totals" still filled the charts).
    .where('t.account_id', 'in', (eb) =>
      eb
        .selectFrom('accounts as a')
        .select('a.id')
        .where('a.tenant_id', '=', scope.tenantId)
        .where('a.client_id', '=', scope.clientId)
        .where('a.included', '=', true),
    )
    .where('t.transaction_date', '>=', from)
    .where('t.transaction_date', '<=', to);
  if (query.account_ids) rows = rows.where('t.account_id', 'in', query.account_ids);
  if (query.base_type) rows = rows.where('t.base_type', '=', query.base_type);
  if (query.budgetCategory) rows = rows.where('t.budget_category', '=', query.budgetCategory);
  const groups = await rows
    .select([
      bucket.as('period_start'),
      't.budget_category',
      sql<string>`sum(t.amount)::text`.as('sum'),
      sql<number[]>`json_agg(t.id order by t.id)`.as('ids'),
    ])
    .groupBy([bucket, 't.budget_category'])
    .execute();

  return starts.map((date) => {
    const inMonth = groups
      .filter((group) => group.period_start === date)
      .sort(
        (a, b) =>
          budgetCategories.indexOf(a.budget_category as BudgetCategory) -
          budgetCategories.indexOf(b.budget_category as BudgetCategory),
      );
    const net = inMonth.reduce((sum, group) => sum + toCents(group.sum), 0);
    return {
      date,
      value: dollars(net),
      income: net > 0,
      groups: inMonth.map((group) => {
        const cents = toCents(group.sum);
        const name = group.budget_category as BudgetCategory;
        return {
          id: budgetCategories.indexOf(name),
          name,
          value: dollars(cents),
          income: cents > 0,
          transaction_ids: group.ids,
        };
      }),
    };
  });
}

/**
 * The contract refuses a range given whole that ends before it begins; a from_date given alone (the
 * default from_date never is) is refused here when it is after its to_date, today, as the passport
 * does. Before 2026-12-02 it answered 200 with no periods.
 */
function assertForwardRange(range: { from: string; to: string }): void {
  if (range.from <= range.to) return;
  const message = `must not be after to_date (${range.to})`;
  throw new AppError('validation_failed', `querystring.from_date: ${message}`, {
    fields: [{ field: 'querystring.from_date', message }],
  });
}

function dollars(cents: number): number {
  return Number(formatCents(Math.abs(cents)));
}
