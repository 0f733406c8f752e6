import { dateRangeFault, type FinancialPassport, maxPassportYears } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { addDays, addMonths } from '../aggregation/calendar-date.ts';
import { toCents } from '../aggregation/cents.ts';
import type { Database } from '../db/database-schema.ts';
import { planEachRun } from '../db/statement-cache.ts';
import { AppError } from '../errors/app-error.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { computeFinancialPassport, type PassportTransaction } from './compute-financial-passport.ts';

/** `GET financialpassport`: loads the client's accounts and transactions, then computes. The default range is the past year. */
export async function getFinancialPassport(
  db: Kysely<Database>,
  scope: ClientScope,
  query: {
    account_ids?: number[] | undefined;
    /** The accounts of these connections only (reference §8; since 2026-12-03, before ignored). */
    provider_account_ids?: number[] | undefined;
    from_date?: string | undefined;
    to_date?: string | undefined;
  },
): Promise<FinancialPassport> {
  const today = sydneyToday();
  const to = query.to_date ?? today;
  const from = query.from_date ?? addDays(addMonths(to, -12), 1);
  // No report runs past today: the days to come were counted as overdrawn (the walk starts at the
  // range's end) and diluted every monthly average (before 2026-11-30), as exports refuse them.
  if (to > today) {
    const message = `is after today (${today}): there is no data for it yet`;
    throw new AppError('validation_failed', `querystring.to_date: ${message}`, {
      fields: [{ field: 'querystring.to_date', message }],
    });
  }
  assertPassportRange(query, { from, to });
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
  if (query.provider_account_ids)
    accounts = accounts.where('provider_account_id', 'in', query.provider_account_ids);
  // The categories are a small shared table, read beside the accounts rather than joined to every
  // transaction (a join per row costs a busy client's report a fifth of its query).
  const [accountRows, categoryRows] = await Promise.all([
    accounts.orderBy('id').execute(),
    db.selectFrom('transaction_categories').select(['id', 'key', 'name', 'category_type']).execute(),
  ]);
  const categories = new Map(categoryRows.map((category) => [category.id, category]));
  const accountIds = accountRows.map((account) => account.id);
  // Every transaction of the range comes back as one JSON array in one row: a busy client has
  // 100,000 of them, and parsing one JSON text is several times cheaper than decoding as many rows
  // field by field in the driver (docs/benchmarks-history.md, "Financial passport"). Amounts come as whole
  // cents (numeric(14,2) × 100, exact), dates as JSON's YYYY-MM-DD; the rows are sorted before they
  // are built into JSON, narrow. It is planned for its own client each time: one plan for every
  // client is slower for a busy one (planEachRun).
  // With them, the date of each account's first transaction ever (one index probe per account,
  // `transactions_account_date`): monthly averages run from the earliest when the data begins
  // after the range does, and each account's overdrawn days from its own (before 2026-12-03 only
  // the earliest was read, and every account's days were counted from it).
  // And what posted after the range, which moved the balances since, as one sum per account
  // (exact, as text): only the range's rows are loaded. Before 2026-12-02 every row after `from`
  // came back too, so a past year or a custom range of a client with a million imported
  // transactions loaded them all into one JSON text.
  const { rows, firstDates, postedLater } =
    accountIds.length === 0
      ? { rows: [] as PassportRow[], firstDates: [] as FirstDateRow[], postedLater: [] as PostedLaterRow[] }
      : await sql<{
          rows: PassportRow[];
          first_dates: FirstDateRow[];
          posted_later: PostedLaterRow[];
        }>`${sql.raw(planEachRun)}
          select coalesce(json_agg(json_build_array(
            id, account_id, included, transaction_date, cents, category_id, source, pending
          )), '[]'::json) as rows,
          (select coalesce(json_agg(json_build_array(a.id, f.first::text)), '[]'::json)
            from unnest(${sql.val(accountIds)}::int[]) as a(id),
            lateral (select t.transaction_date as first from transactions t
              where t.account_id = a.id order by t.transaction_date limit 1) as f) as first_dates,
          (select coalesce(json_agg(json_build_array(l.account_id, l.total)), '[]'::json) from (
            select t.account_id, sum(t.amount)::text as total
            from transactions t
            where t.tenant_id = ${scope.tenantId}
              and t.client_id = ${scope.clientId}
              and t.account_id = any(${sql.val(accountIds)}::int[])
              and t.transaction_date > ${to}::date
              and t.status <> 'pending'
            group by t.account_id
          ) as l) as posted_later
          from (
            select t.id, t.account_id, t.included, t.transaction_date, (t.amount * 100)::int8 as cents,
              t.category_id, coalesce(t.merchant_name, t.description_simple, t.description_original) as source,
              t.status = 'pending' as pending
            from transactions t
            where t.tenant_id = ${scope.tenantId}
              and t.client_id = ${scope.clientId}
              and t.account_id = any(${sql.val(accountIds)}::int[])
              and t.transaction_date >= ${from}::date
              and t.transaction_date <= ${to}::date
            order by t.transaction_date, t.id
          ) as ordered`
          .execute(db)
          .then((result) => ({
            rows: result.rows[0]?.rows ?? [],
            firstDates: result.rows[0]?.first_dates ?? [],
            postedLater: result.rows[0]?.posted_later ?? [],
          }));
  const all: (PassportTransaction & { included: boolean })[] = rows.map(
    ([id, accountId, included, date, cents, categoryId, source, pending]) => {
      const category = categoryId === null ? undefined : categories.get(categoryId);
      return {
        id,
        accountId,
        date,
        cents,
        categoryKey: category?.key ?? null,
        categoryName: category?.name ?? null,
        categoryType: category?.category_type ?? null,
        source,
        included,
        pending,
      };
    },
  );
  return computeFinancialPassport({
    range: { from, to },
    // An account without a transaction is not in it.
    firstDates: new Map(firstDates),
    accounts: accountRows.map((account) => ({
      id: account.id,
      name: account.account_name,
      container: account.container,
      type: account.account_type,
      balanceCents: toCents(account.balance),
    })),
    // Figures count only what the client included, pending transactions too (as the overview and
    // the insights do); balances are walked back by the posted ones (computeFinancialPassport).
    transactions: all.filter((tx) => tx.included),
    excluded: all.filter((tx) => !tx.included),
    postedLaterCents: new Map(postedLater.map(([accountId, total]) => [accountId, toCents(total)])),
    createdAt: new Date().toISOString(),
  });
}

/**
 * The contract bounds a range given whole (`checkPassportRange`); a from_date given alone is bounded
 * here against its to_date, today: not after it, and less than `maxPassportYears` before it.
 */
function assertPassportRange(query: { from_date?: string | undefined }, range: { from: string; to: string }) {
  const fault = dateRangeFault({ ...range, maxYears: maxPassportYears });
  if (fault === undefined) return;
  const field = query.from_date === undefined ? 'querystring.to_date' : 'querystring.from_date';
  const message =
    fault === 'backwards'
      ? `must not be after to_date (${range.to})`
      : `must be less than ${maxPassportYears} years before to_date (${range.to})`;
  throw new AppError('validation_failed', `${field}: ${message}`, { fields: [{ field, message }] });
}

/** One account's first transaction date ever, as the passport query's JSON array holds it. */
type FirstDateRow = [accountId: number, date: string];

/** One account's sum of its posted transactions after the range, as the passport query's JSON array holds it. */
type PostedLaterRow = [accountId: number, total: string];

/** One transaction as the passport query's JSON array holds it. */
type PassportRow = [
  id: number,
  accountId: number,
  included: boolean,
  date: string,
  cents: number,
  categoryId: number | null,
  source: string,
  pending: boolean,
];
