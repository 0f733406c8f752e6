import type { BudgetCategory, BudgetCategoryReport } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { insightsFigures } from './insights-pdf.ts';

/** A month of the budget category report as the API answers it: positive dollars with an income flag. */
const month = (
  date: string,
  groups: { name: BudgetCategory; cents: number; ids: number[] }[],
): BudgetCategoryReport[number] => {
  const net = groups.reduce((sum, group) => sum + group.cents, 0);
  return {
    date,
    value: Math.abs(net) / 100,
    income: net > 0,
    groups: groups.map(({ name, cents, ids }) => ({
      id: ['income', 'living', 'lifestyle', 'goals', 'one_off'].indexOf(name),
      name,
      value: Math.abs(cents) / 100,
      income: cents > 0,
      transaction_ids: ids,
    })),
  };
};

describe('insightsFigures', () => {
  it('nets a refund against its purchase, as the Overview page does', () => {
    // Salary $5,000, a $1,200 purchase and its refund: the page spends nothing this month. Before
    // 2026-12-03 the PDF counted the purchase as a $1,200 expense, a 76.0 % savings rate.
    const figures = insightsFigures([
      month('2026-10-01', [
        { name: 'income', cents: 500_000, ids: [1] },
        { name: 'lifestyle', cents: 0, ids: [2, 3] },
      ]),
    ]);
    expect(figures).toEqual({
      incomeCents: 500_000,
      expensesCents: 0,
      netCents: 500_000,
      savingsRate: '100.0',
      transactionCount: 3,
      months: [{ month: '2026-10', incomeCents: 500_000, expensesCents: 0 }],
      categories: [],
    });
  });

  it('counts each month’s spending as the page’s chart does, and the period as the sum of its months', () => {
    const figures = insightsFigures([
      month('2026-09-01', []),
      month('2026-10-01', [
        { name: 'income', cents: 400_000, ids: [1, 2] },
        { name: 'living', cents: -150_000, ids: [3] },
        // A transfer out to the client's savings account at another bank, by its budget category.
        { name: 'goals', cents: -50_000, ids: [4] },
      ]),
      // More came back than went out: the month spent nothing (not a negative expense).
      month('2026-11-01', [
        { name: 'living', cents: -20_000, ids: [5] },
        { name: 'one_off', cents: 30_000, ids: [6] },
      ]),
    ]);
    expect(figures.months).toEqual([
      { month: '2026-09', incomeCents: 0, expensesCents: 0 },
      { month: '2026-10', incomeCents: 400_000, expensesCents: -200_000 },
      { month: '2026-11', incomeCents: 0, expensesCents: 0 },
    ]);
    expect(figures).toMatchObject({
      incomeCents: 400_000,
      expensesCents: -200_000,
      netCents: 200_000,
      savingsRate: '50.0',
      transactionCount: 6,
    });
    // By budget category over the period, as the page names them; one that came out positive spent nothing.
    expect(figures.categories).toEqual([
      { name: 'Living', cents: -170_000, share: '77.3' },
      { name: 'Goals', cents: -50_000, share: '22.7' },
    ]);
  });

  it('gives each category its share of what the listed categories spent, never more than the whole', () => {
    // Expenses netted month by month come to −$40.00 here, where Living spent $120.00: as a share
    // of the expenses it read 300.0 % (review 147).
    const figures = insightsFigures([
      month('2026-10-01', [
        { name: 'living', cents: -10_000, ids: [1] },
        { name: 'lifestyle', cents: 6_000, ids: [2] },
      ]),
      month('2026-11-01', [
        { name: 'living', cents: -2_000, ids: [3] },
        { name: 'one_off', cents: 5_000, ids: [4] },
      ]),
    ]);
    expect(figures.expensesCents).toBe(-4_000);
    expect(figures.categories).toEqual([{ name: 'Living', cents: -12_000, share: '100.0' }]);
  });

  it('has no savings rate without income', () => {
    const figures = insightsFigures([month('2026-10-01', [{ name: 'living', cents: -1_000, ids: [1] }])]);
    expect(figures).toMatchObject({ incomeCents: 0, expensesCents: -1_000, savingsRate: null });
  });
});
