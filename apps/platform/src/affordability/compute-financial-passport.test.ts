import { describe, expect, it } from 'vitest';
import { addDays } from '../aggregation/calendar-date.ts';
import { transactionCategoryCatalogue } from '../aggregation/transaction-category-catalogue.ts';
import { periodDates } from '../documents/export-periods.ts';
import { categoriseTransaction } from '../open-banking/categorise-transaction.ts';
import {
  computeFinancialPassport,
  monthsCovered,
  type PassportTransaction,
} from './compute-financial-passport.ts';

const base = { accountId: 1, categoryName: null, categoryType: 'expense' };
let nextId = 1;
function tx(patch: Partial<PassportTransaction> & Pick<PassportTransaction, 'cents'>): PassportTransaction {
  return { ...base, id: nextId++, date: '2026-10-01', categoryKey: 'GROCERIES', source: 'Shop', ...patch };
}

describe('computeFinancialPassport', () => {
  const transactions = [
    tx({ cents: 10, categoryKey: 'SALARY', categoryType: 'income', source: 'Interest' }),
    tx({ cents: 450_000, categoryKey: 'SALARY', categoryType: 'income', source: 'ACME' }),
    // Ten cents and twenty cents a hundred times over: exact in cents, not in binary floating point.
    ...Array.from({ length: 100 }, (_, index) => tx({ cents: index % 2 ? -10 : -20, categoryKey: 'COFFEE' })),
    tx({ cents: -200_000, categoryKey: 'RENT' }),
  ];
  const passport = computeFinancialPassport({
    range: { from: '2026-09-01', to: '2026-11-30' },
    accounts: [{ id: 1, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: 100_000 }],
    transactions,
    createdAt: '2026-11-30T00:00:00Z',
  });

  it('sums every figure exactly, in cents', () => {
    const coffee = passport.expenses.breakdown.find((item) => item.category.key === 'COFFEE');
    expect(coffee?.total).toBe('-15.00');
    expect(passport.summary.totals).toMatchObject({ income: '4500.10', expenses: '-2015.00' });
    expect(passport.summary.totals.net_balance).toBe('2485.10');
  });

  it('sums past what a number counts to the cent, exactly', () => {
    // 200 of the largest amount there can be (12 whole digits): 2 × 10^16 cents, past 2^53.
    const largest = 99_999_999_999_999;
    const huge = computeFinancialPassport({
      // The past three months to 30 November: from 31 August, the day after 30 August.
      range: { from: '2026-08-31', to: '2026-11-30' },
      accounts: [],
      transactions: Array.from({ length: 200 }, () =>
        tx({
          cents: largest,
          categoryKey: 'SALARY',
          categoryType: 'income',
          source: 'Big',
        }),
      ),
      createdAt: '2026-11-30T00:00:00Z',
    });
    expect(huge.summary.totals.income).toBe('199999999999998.00');
    expect(huge.income.breakdown[0]?.total).toBe('199999999999998.00');
    // Three months: 66666666666666.00 exactly.
    expect(huge.income.breakdown[0]?.monthly_average).toBe('66666666666666.00');
    expect(huge.summary.savings_rate).toBe('100.0');
  });

  it('counts every balance by its sign, as the overview does: an overdraft is owed, a card in credit held', () => {
    // Before 2026-11-30 only loans and cards could owe: an overdrawn account was in neither total.
    const balances = computeFinancialPassport({
      range: { from: '2026-09-01', to: '2026-11-30' },
      accounts: [
        { id: 1, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: 100_000 },
        { id: 2, name: 'Overdraft', container: 'bank', type: 'overdraft', balanceCents: -200_000 },
        { id: 3, name: 'Card', container: 'credit_card', type: 'credit_card', balanceCents: 10_000 },
        { id: 4, name: 'Loan', container: 'loan', type: 'car_loan', balanceCents: -500_000 },
        { id: 5, name: 'Score', container: 'credit_score', type: 'credit_score', balanceCents: 75_000 },
      ],
      transactions: [],
      createdAt: '2026-11-30T00:00:00Z',
    });
    expect(balances.summary.totals).toMatchObject({ assets: '1100.00', liabilities: '-7000.00' });
    // Listed with repayments: loans and cards only (an overdraft's credits are its salary).
    expect(balances.liabilities.breakdown.map((item) => [item.name, item.balance])).toEqual([
      ['Card', '100.00'],
      ['Loan', '-5000.00'],
    ]);
  });

  it('rounds the savings rate half away from zero, as the insights do', () => {
    // -9,800 of 80,000 is -12.25 %: "-12.2" here and "-12.3" in the insights before 2026-11-30.
    const rate = (incomeCents: number, expenseCents: number) =>
      computeFinancialPassport({
        range: { from: '2026-09-01', to: '2026-11-30' },
        accounts: [],
        transactions: [
          tx({ cents: incomeCents, categoryKey: 'SALARY', categoryType: 'income', source: 'ACME' }),
          tx({ cents: expenseCents, categoryKey: 'RENT' }),
        ],
        createdAt: '2026-11-30T00:00:00Z',
      }).summary.savings_rate;
    expect(rate(80_000, -89_800)).toBe('-12.3');
    expect(rate(80_000, -70_200)).toBe('12.3');
    expect(rate(200_000, -200_100)).toBe('-0.1');
    expect(rate(200_000, -200_000)).toBe('0.0');
  });

  it('averages over the months the data covers: from the range’s start, or the data’s first day if later', () => {
    // Before 2026-11-30 a client whose bank holds two months of history had their income divided by twelve.
    const averageOf = (dataFrom: string | undefined) =>
      computeFinancialPassport({
        range: { from: '2025-12-01', to: '2026-11-30' },
        accounts: [],
        transactions: ['2026-10-01', '2026-11-01'].map((date) =>
          tx({ cents: 600_000, date, categoryKey: 'SALARY', categoryType: 'income', source: 'ACME' }),
        ),
        ...(dataFrom === undefined ? {} : { firstDates: new Map([[1, dataFrom]]) }),
        createdAt: '2026-11-30T00:00:00Z',
      }).income.breakdown[0]?.monthly_average;
    // Data from before the range (or not said): twelve months.
    expect(averageOf('2019-03-04')).toBe('1000.00');
    expect(averageOf(undefined)).toBe('1000.00');
    // Data from 1 October: two months (61 days, both ends counted).
    expect(averageOf('2026-10-01')).toBe('6000.00');
    // One day of data counts as a month at least.
    expect(averageOf('2026-11-30')).toBe('12000.00');
    // A part month counts as its share: 1 October to 30 November less a fortnight.
    expect(averageOf('2026-10-15')).toBe(
      // 15 Oct → 15 Nov is a month; 15 → 30 Nov 16 days of the month from 15 Nov (30): 46/30.
      '7826.09',
    );
  });

  it('moves a monthly average a little, not by half, for a day more of history', () => {
    // Before 2026-11-30 whole months were rounded: 45 days were one month and 46 two, so the same
    // three pays averaged 9,000.00 or 4,500.00 a month.
    const averageFrom = (dataFrom: string) =>
      Number(
        computeFinancialPassport({
          range: { from: '2025-12-01', to: '2026-11-30' },
          accounts: [],
          transactions: ['2026-10-23', '2026-11-06', '2026-11-20'].map((date) =>
            tx({ cents: 300_000, date, categoryKey: 'SALARY', categoryType: 'income', source: 'ACME' }),
          ),
          firstDates: new Map([[1, dataFrom]]),
          createdAt: '2026-11-30T00:00:00Z',
        }).income.breakdown[0]?.monthly_average,
      );
    const [fortySix, fortyFive] = [averageFrom('2026-10-16'), averageFrom('2026-10-17')];
    expect(fortySix).toBe(6000);
    expect(Math.abs(fortyFive - fortySix) / fortySix).toBeLessThan(0.03);
  });

  it('counts months back from the last day: whole months as the periods are built, then a share of the one before', () => {
    // 1 October to 30 November, and 30 September, a day of the 31 from 31 August: 63/31 (61/30,
    // counted forward from 30 September, before 2026-12-03).
    expect(monthsCovered('2026-09-30', '2026-11-30')).toEqual({ over: 63, per: 31 });
    expect(monthsCovered('2025-12-01', '2026-11-30')).toEqual({ over: 12, per: 1 });
    // A financial year: 12 months.
    expect(monthsCovered('2024-07-01', '2025-06-30')).toEqual({ over: 12, per: 1 });
    // 31 January to 27 February is 28 days, less than the month from 28 January: one month.
    expect(monthsCovered('2026-01-31', '2026-02-27')).toEqual({ over: 1, per: 1 });
    // Less than a month counts as one.
    expect(monthsCovered('2026-11-20', '2026-11-30')).toEqual({ over: 1, per: 1 });
  });

  it('reads each past-N-months period as N months, whatever day it ends on', () => {
    // Counted forward from the start, the end of a month clamped otherwise: the past six months to
    // 30 September (from 31 March) read 6.032 months, and the past year to 28 February 2025 (from
    // 29 February 2024) 12.034, so $60,000 of income averaged $4,985.67 (before 2026-12-03).
    const wrong: string[] = [];
    for (let day = '2024-01-01'; day <= '2028-12-31'; day = addDays(day, 1)) {
      for (const [value, months] of [
        ['three-months', 3],
        ['six-months', 6],
        ['year', 12],
      ] as const) {
        const period = periodDates('moneypartner', 'financialPassport', value, day);
        if (!period) throw new Error(`moneypartner offers no ${value}`);
        const covered = monthsCovered(period.from, period.to);
        if (covered.over !== months || covered.per !== 1)
          wrong.push(`${period.from}..${day}: ${covered.over}/${covered.per}`);
      }
    }
    expect(wrong).toEqual([]);
    const yearTo = (to: string) =>
      computeFinancialPassport({
        range: { from: periodDates('moneypartner', 'financialPassport', 'year', to)?.from ?? '', to },
        accounts: [],
        transactions: [tx({ cents: 6_000_000, date: to, categoryKey: 'SALARY', categoryType: 'income' })],
        createdAt: `${to}T00:00:00Z`,
      }).income.breakdown[0]?.monthly_average;
    expect(yearTo('2025-02-28')).toBe('5000.00');
  });

  it('puts the largest income and the largest spending first', () => {
    expect(passport.income.breakdown.map((item) => item.source)).toEqual(['ACME', 'Interest']);
    expect(passport.expenses.breakdown.map((item) => item.category.key)).toEqual(['RENT', 'COFFEE']);
  });

  it('names the transactions of each figure oldest first, and carries no rows of its own', () => {
    const coffee = transactions.filter((item) => item.categoryKey === 'COFFEE').map((item) => item.id);
    const figure = passport.expenses.breakdown.find((item) => item.category.key === 'COFFEE');
    expect(figure?.transaction_ids).toEqual(coffee);
    // The rows open through GET transactions?transaction_ids=…: a busy client's report stays small.
    expect(passport).not.toHaveProperty('transactions');
  });

  it('walks balances back through transactions the client excluded from the figures', () => {
    const deposit = tx({ cents: 1_000, date: '2026-11-15', categoryType: 'income', categoryKey: 'SALARY' });
    const input = {
      range: { from: '2026-09-01', to: '2026-11-30' },
      accounts: [{ id: 1, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: 100 }],
      transactions: [],
      createdAt: '2026-11-30T00:00:00Z',
    };
    const passport = computeFinancialPassport({ ...input, excluded: [deposit] });
    // Before the deposit the account stood at -$9.00: 1 September to 14 November.
    expect(passport.responsible_lending_indicators.overdrawn_days.count).toBe(75);
    expect(passport.summary.totals.income).toBe('0.00');
    expect(passport.income.breakdown).toEqual([]);
  });
  it('states assets and liabilities as at the range’s end: today’s balances less what posted after it', () => {
    const passport = computeFinancialPassport({
      range: { from: '2026-09-01', to: '2026-10-31' },
      accounts: [
        { id: 1, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: 500_000 },
        { id: 2, name: 'Card', container: 'credit_card', type: 'credit_card', balanceCents: -20_000 },
      ],
      transactions: [],
      // Posted after the range, by account: $3,000 in, $300 spent on the card (a pending one is left
      // out of these sums by the query, get-financial-passport.test.ts).
      postedLaterCents: new Map([
        [1, 300_000],
        [2, -30_000],
      ]),
      createdAt: '2026-11-30T00:00:00Z',
    });
    // Today $5,000 and -$200; at 31 October $2,000 and $100 in credit (today's until 2026-12-02).
    expect(passport.summary.totals).toMatchObject({ assets: '2100.00', liabilities: '0.00' });
    expect(passport.liabilities.breakdown.map((item) => item.balance)).toEqual(['100.00']);
  });

  it('walks no balance back by a pending transaction, which today’s balance does not hold yet', () => {
    // -$20.00 all year; a $50 purchase pending today. Undone, it made the account +$30 (1 day).
    const passport = computeFinancialPassport({
      range: { from: '2025-12-01', to: '2026-11-30' },
      accounts: [{ id: 1, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: -2_000 }],
      transactions: [tx({ cents: -5_000, date: '2026-11-30', pending: true })],
      createdAt: '2026-11-30T00:00:00Z',
    });
    expect(passport.responsible_lending_indicators.overdrawn_days.count).toBe(365);
  });

  it('counts overdrawn days over the days the data covers, not before its first transaction', () => {
    const passport = computeFinancialPassport({
      range: { from: '2025-12-01', to: '2026-11-30' },
      firstDates: new Map([[1, '2026-11-01']]),
      accounts: [{ id: 1, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: -10_000 }],
      transactions: [tx({ cents: 5_000, date: '2026-11-01', categoryType: 'income', categoryKey: 'SALARY' })],
      createdAt: '2026-11-30T00:00:00Z',
    });
    // November only: 30 days, not the year's 365.
    expect(passport.responsible_lending_indicators.overdrawn_days.count).toBe(30);
  });

  it('rounds an expense’s monthly average half away from zero, as the income’s of its size', () => {
    const averages = computeFinancialPassport({
      // Two months: from 1 February, the day after 31 January (1 January to 28 February is 1 month
      // and 28 days of 31 back from 28 February).
      range: { from: '2026-02-01', to: '2026-03-31' },
      accounts: [],
      transactions: [
        tx({
          cents: 100_005,
          date: '2026-02-10',
          categoryKey: 'SALARY',
          categoryType: 'income',
          source: 'ACME',
        }),
        tx({ cents: -100_005, date: '2026-02-11', categoryKey: 'RENT' }),
      ],
      createdAt: '2026-03-31T00:00:00Z',
    });
    expect(averages.income.breakdown[0]?.monthly_average).toBe('500.03');
    expect(averages.expenses.breakdown[0]?.monthly_average).toBe('-500.03');
  });

  it('counts each account’s overdrawn days from its own first transaction, and none without one', () => {
    // Everyday account 2: -$20.00 today, its first transaction -$10.00 on 3 November. Beside a
    // savings account whose history starts two years back, it read the whole year (365 days, as did
    // account 3, with no transaction) before 2026-12-03: every account was walked from the client's
    // first transaction.
    const passport = computeFinancialPassport({
      range: { from: '2025-12-04', to: '2026-12-03' },
      firstDates: new Map([
        [1, '2024-12-01'],
        [2, '2026-11-03'],
      ]),
      accounts: [
        { id: 1, name: 'Savings', container: 'bank', type: 'savings', balanceCents: 500_000 },
        { id: 2, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: -2_000 },
        { id: 3, name: 'Overdraft', container: 'bank', type: 'overdraft', balanceCents: -5_000 },
      ],
      transactions: [tx({ accountId: 2, cents: -1_000, date: '2026-11-03' })],
      createdAt: '2026-12-03T00:00:00Z',
    });
    // 3 November to 3 December: 31 days. Nothing shows when account 3 went below zero.
    expect(passport.responsible_lending_indicators.overdrawn_days).toEqual({
      count: 31,
      account_ids: [2],
      by_account: [{ account_id: 2, days: 31 }],
    });
  });

  describe('refunds, counted gross: neither income nor a repayment', () => {
    const categoryOf = new Map(transactionCategoryCatalogue.map((category) => [category.id, category]));
    /** A transaction as an import or a refresh first categorises it. */
    const categorised = (
      accountId: number,
      container: string,
      amount: string,
      description: string,
      merchantCategoryCode: string | null = null,
    ) => {
      const { categoryId, included } = categoriseTransaction(
        { amount, description, merchantCategoryCode },
        { container },
      );
      const category = categoryOf.get(categoryId);
      return {
        included,
        tx: tx({
          accountId,
          cents: Math.round(Number(amount) * 100),
          categoryKey: category?.key ?? null,
          categoryName: category?.name ?? null,
          categoryType: category?.category_type ?? null,
          source: description,
        }),
      };
    };
    const passportOf = (items: { included: boolean; tx: PassportTransaction }[]) =>
      computeFinancialPassport({
        range: { from: '2026-09-01', to: '2026-11-30' },
        accounts: [
          { id: 1, name: 'Everyday', container: 'bank', type: 'bank_account', balanceCents: 100_000 },
          { id: 2, name: 'Card', container: 'credit_card', type: 'credit_card', balanceCents: -20_000 },
        ],
        transactions: items.filter((item) => item.included).map((item) => item.tx),
        excluded: items.filter((item) => !item.included).map((item) => item.tx),
        createdAt: '2026-11-30T00:00:00Z',
      });

    it('counts no refund into a bank account as income', () => {
      // A file's row carries no merchant category code: before 2026-12-03 this was other income.
      const passport = passportOf([categorised(1, 'bank', '120.00', 'REFUND JB HI-FI')]);
      expect(passport.summary.totals.income).toBe('0.00');
      expect(passport.summary.savings_rate).toBeNull();
      expect(passport.income.breakdown).toEqual([]);
    });

    it('lists only a card’s repayments under it, not a merchant’s refund onto it', () => {
      const refund = categorised(2, 'credit_card', '500.00', 'JB HI-FI BROADWAY', '5732');
      const repayment = categorised(2, 'credit_card', '300.00', 'PAYMENT RECEIVED THANK YOU');
      const passport = passportOf([refund, repayment]);
      // Before 2026-12-03 every credit to a card was a repayment: $800.00, the refund among them.
      expect(passport.liabilities.breakdown).toMatchObject([
        { account_id: 2, total: '300.00', transaction_ids: [repayment.tx.id] },
      ]);
      // Nor is the refund income, or less spending.
      expect(passport.summary.totals).toMatchObject({ income: '0.00', expenses: '0.00' });
    });
  });
});
