import type { FinancialPassport } from '@waratah/contracts';
import { addDays, addMonths, daysBetween } from '../aggregation/calendar-date.ts';
import { divideCents, formatCents, magnitude, percentOneDecimal, sumCents } from '../aggregation/cents.ts';
import { overdrawnDays } from './overdrawn-days.ts';
import { regularityOf } from './regularity.ts';

export interface PassportTransaction {
  id: number;
  accountId: number;
  date: string;
  cents: number;
  categoryKey: string | null;
  categoryName: string | null;
  categoryType: string | null;
  source: string;
  /**
   * Not yet posted: the holder's current balance leaves it out (CDS `currentBalance`; the simulated
   * holder's is its opening plus what has posted), so no balance is walked back by it.
   */
  pending?: boolean;
}

export interface PassportAccount {
  id: number;
  name: string;
  container: string;
  type: string;
  balanceCents: number;
}

const liabilityContainers = new Set(['loan', 'credit_card']);

/** The categories that name a debt's repayment, besides the transfers (a client may file one there). */
const repaymentCategories: ReadonlySet<string> = new Set(['MORTGAGE', 'LOAN_REPAYMENTS']);

/**
 * The affordability figures of spec §7 from one client's accounts and included transactions, all in
 * whole cents. `transactions` holds the included ones of the range; `excluded` those the client left
 * out. What posted after the range still moved the balances, and is walked back for the balances
 * at its end and the overdrawn days: `postedLaterCents`, each account's sum of the posted ones
 * (`getFinancialPassport` reads them as sums, not rows). Each figure names the transactions it was summed from, oldest first (their rows are read
 * through `GET transactions?transaction_ids=…` when an adviser opens the figure).
 */
export function computeFinancialPassport(input: {
  range: { from: string; to: string };
  accounts: readonly PassportAccount[];
  transactions: readonly PassportTransaction[];
  excluded?: readonly PassportTransaction[];
  /** By account id, the sum in cents of its posted transactions after the range. */
  postedLaterCents?: ReadonlyMap<number, number>;
  /**
   * By account id, the date of its first transaction ever, in the range or before it; an account
   * not in it has none. Not given: every account's data covers the whole range.
   */
  firstDates?: ReadonlyMap<number, string>;
  createdAt: string;
}): FinancialPassport {
  const { range, accounts, transactions } = input;
  // Included and excluded together, by date, for the figures that count both (liabilities).
  const excluded = input.excluded ?? [];
  const inRange =
    excluded.length === 0
      ? transactions
      : [...transactions, ...excluded].sort((a, b) =>
          a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1,
        );
  // Sums are exact bigints: a period's amounts may add up past what a number counts to the cent.
  const sum = (items: readonly PassportTransaction[]) => sumCents(items.map((tx) => tx.cents));
  // Monthly averages are over the months the client's data covers: from the range's start, or from
  // the accounts' first transaction ever when that is later (a client whose bank holds two months
  // of history has two months of income, not a year's; before 2026-11-30 it was divided by
  // twelve). Both days count.
  const laterStart = (first: string | undefined) =>
    first !== undefined && first > range.from ? first : range.from;
  const firstDates = input.firstDates;
  const dataFrom = firstDates === undefined ? undefined : [...firstDates.values()].sort()[0];
  const months = monthsCovered(laterStart(dataFrom), range.to);
  const traced = (items: readonly PassportTransaction[]) => {
    const total = sum(items);
    return {
      total: formatCents(total),
      monthly_average: formatCents(divideCents(total * BigInt(months.per), months.over)),
      transaction_ids: items.map((tx) => tx.id),
    };
  };
  const group = (items: readonly PassportTransaction[], key: (tx: PassportTransaction) => string) => {
    const groups = new Map<string, PassportTransaction[]>();
    for (const tx of items) {
      const name = key(tx);
      const members = groups.get(name);
      if (members) members.push(tx);
      else groups.set(name, [tx]);
    }
    return [...groups.entries()];
  };
  const category = (tx: PassportTransaction) => ({
    key: tx.categoryKey ?? 'UNCATEGORISED',
    name: tx.categoryName ?? 'Uncategorised',
  });

  const income = transactions.filter((tx) => tx.cents > 0 && tx.categoryType === 'income');
  const expenses = transactions.filter((tx) => tx.cents < 0 && tx.categoryType !== 'transfer');
  const incomeCents = sum(income);
  const expenseCents = sum(expenses);
  const byKey = (key: string) => transactions.filter((tx) => tx.categoryKey === key && tx.cents < 0);
  const dishonours = byKey('FEES').filter((tx) => /dishonou?r/i.test(tx.source));
  // A credit score is a number, not money (as the overview leaves it out).
  // Each account's balance at the end of the range: its current balance less what posted after
  // it. The totals and the liabilities are "as at" the range's end, as the PDF says and the
  // insights and the account summary count them (before 2026-12-02 they were today's balances).
  const posted = (tx: PassportTransaction) => !tx.pending;
  const postedLater = input.postedLaterCents ?? new Map<number, number>();
  const atEnd = accounts.map((account) => ({
    ...account,
    balanceCents: account.balanceCents - (postedLater.get(account.id) ?? 0),
  }));
  const balanceOf = (predicate: (account: PassportAccount) => boolean) =>
    sumCents(
      atEnd
        .filter((account) => account.container !== 'credit_score' && predicate(account))
        .map((account) => account.balanceCents),
    );
  const overdrawn = atEnd
    .filter((account) => account.container === 'bank')
    .map((account) => {
      // Counted over the days the account's own data covers: its balance before its first
      // transaction is not known (before 2026-12-02 an account overdrawn today with a month of
      // history was overdrawn for the whole year). An account without a transaction counts none:
      // nothing shows when it went below zero. Before 2026-12-03 every account was walked from the
      // first transaction of any of the client's accounts, so an everyday account with a month of
      // history beside a savings account of two years read the whole range, as did an account
      // with none.
      const first = firstDates === undefined ? range.from : firstDates.get(account.id);
      if (first === undefined) return { id: account.id, days: 0 };
      return {
        id: account.id,
        // Walked back from the balance at the range's end: the same days as a walk from today
        // through every later transaction, whose dates count no day of the range.
        days: overdrawnDays(
          account.balanceCents,
          // Pending ones left out: the walk starts from a balance that does not hold them (before
          // 2026-12-02 a pending purchase moved every earlier day's balance).
          [...transactions, ...excluded]
            .filter((tx) => tx.accountId === account.id && posted(tx))
            .map((tx) => ({ date: tx.date, cents: tx.cents })),
          { from: laterStart(first), to: range.to },
        ),
      };
    })
    .filter((account) => account.days > 0);

  // Largest figures first: income by size, expenses from the most spent.
  const bySize = (a: PassportTransaction[], b: PassportTransaction[]) => {
    const difference = magnitude(sum(b)) - magnitude(sum(a));
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  };
  const incomeBreakdown = sortedGroups(
    group(income, (tx) => tx.source),
    bySize,
  ).map(([source, items]) => ({
    source,
    category: category(items[0] as PassportTransaction),
    regularity: regularityOf(items.map((tx) => tx.date)),
    ...traced(items),
  }));
  const expenseBreakdown = sortedGroups(
    group(expenses, (tx) => tx.categoryKey ?? 'UNCATEGORISED'),
    bySize,
  ).map(([, items]) => ({
    category: category(items[0] as PassportTransaction),
    ...traced(items),
  }));
  // Loans and cards, with their repayments. An overdrawn transaction account counts in the
  // liabilities total but is not listed: its credits are its salary, not repayments.
  const liabilityBreakdown = atEnd
    .filter((account) => liabilityContainers.has(account.container))
    .map((account) => ({
      account_id: account.id,
      name: account.name,
      type: account.type,
      balance: formatCents(account.balanceCents),
      // A repayment belongs to its loan or card whether or not it counts in the budget (a repayment
      // received starts excluded there, as the money was counted where it was paid from). It is a
      // credit filed as a transfer, as a repayment received is categorised, or as a repayment: a
      // merchant's refund onto a card keeps the purchase's category (categorise-transaction.ts).
      // Before 2026-12-03 every credit was one, so a $500 refund onto a card read as $500 repaid.
      ...traced(
        inRange.filter(
          (tx) =>
            tx.accountId === account.id &&
            tx.cents > 0 &&
            (tx.categoryType === 'transfer' || repaymentCategories.has(tx.categoryKey ?? '')),
        ),
      ),
    }));
  const indicators = {
    gambling: traced(byKey('GAMBLING')),
    bnpl: traced(byKey('BNPL')),
    dishonours: { ...traced(dishonours), count: dishonours.length },
  };
  return {
    created_at: input.createdAt,
    from_date: range.from,
    to_date: range.to,
    summary: {
      totals: {
        income: formatCents(incomeCents),
        expenses: formatCents(expenseCents),
        net_balance: formatCents(incomeCents + expenseCents),
        // Every balance by its sign, as the overview's net position counts it: an overdrawn bank
        // account or a margin loan is owed, a card in credit is held (before 2026-11-30 only loans
        // and cards could owe, so an overdraft was in neither total).
        assets: formatCents(balanceOf((account) => account.balanceCents > 0)),
        liabilities: formatCents(balanceOf((account) => account.balanceCents < 0)),
      },
      // Rounded as the insights round it (half away from zero), exactly.
      savings_rate: incomeCents > 0n ? percentOneDecimal(incomeCents + expenseCents, incomeCents) : null,
    },
    income: { breakdown: incomeBreakdown },
    expenses: { breakdown: expenseBreakdown },
    liabilities: { breakdown: liabilityBreakdown },
    responsible_lending_indicators: {
      ...indicators,
      overdrawn_days: {
        count: overdrawn.reduce((total, account) => total + account.days, 0),
        account_ids: overdrawn.map((account) => account.id),
        by_account: overdrawn.map((account) => ({ account_id: account.id, days: account.days })),
      },
    },
    accounts: accounts.map((account) => ({ id: account.id, name: account.name, type: account.type })),
  };
}

/** Groups in the given order, ties by key so the order never depends on the input's. */
function sortedGroups(
  groups: [string, PassportTransaction[]][],
  compare: (a: PassportTransaction[], b: PassportTransaction[]) => number,
): [string, PassportTransaction[]][] {
  return [...groups].sort(([keyA, a], [keyB, b]) => compare(a, b) || keyA.localeCompare(keyB));
}

/**
 * The first day of the `months` months that end on `to`: the day after the same date `months`
 * back, as the passport's periods are built (`past N months`, documents/export-periods.ts, and the
 * portal's lib/passport-periods.ts).
 */
function monthsBackFrom(to: string, months: number): string {
  return addDays(addMonths(to, -months), 1);
}

/**
 * The months from `from` to `to`, both days counted, as the fraction `over / per`: the whole
 * months back from `to`, each starting the day after the same date a month further back (as the
 * periods are built), then the days left before them as their share of the month they end (30
 * September to 30 November is two months, from 1 October, and a day of the 31 from 31 August,
 * 63/31). At least one month: a client with days of history does not have a month's income in a
 * day. Before 2026-11-30 the months were rounded to a whole number, so a day more or less of
 * history could move every monthly average by half (45 days were one month, 46 two). Before
 * 2026-12-03 they were counted forward from `from`, which the end of a month clamps otherwise:
 * the past six months to 30 September (from 31 March) read 6.032 months, and the past year to
 * 28 February 2025 (from 29 February 2024) 12.034, so $60,000 of income averaged $4,985.67.
 */
export function monthsCovered(from: string, to: string): { over: number; per: number } {
  let whole = 0;
  while (monthsBackFrom(to, whole + 1) >= from) whole += 1;
  if (whole === 0) return { over: 1, per: 1 };
  const partEnd = monthsBackFrom(to, whole);
  const rest = daysBetween(from, partEnd);
  if (rest === 0) return { over: whole, per: 1 };
  const per = daysBetween(monthsBackFrom(to, whole + 1), partEnd);
  return { over: whole * per + rest, per };
}
