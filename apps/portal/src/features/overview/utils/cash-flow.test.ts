import { describe, expect, it } from 'vitest';
import { monthCategories, monthlyCashFlow } from './cash-flow.ts';

const report = [
  {
    date: '2026-09-01',
    value: 1000,
    income: true,
    groups: [
      { id: 0, name: 'income' as const, value: 5200.5, income: true, transaction_ids: [1] },
      { id: 1, name: 'living' as const, value: 3100.25, income: false, transaction_ids: [2] },
      { id: 2, name: 'lifestyle' as const, value: 1099.9, income: false, transaction_ids: [3] },
      { id: 4, name: 'one_off' as const, value: 20, income: true, transaction_ids: [4] },
    ],
  },
  { date: '2026-10-01', value: 0, income: false, groups: [] },
];

describe('monthlyCashFlow', () => {
  it('takes income from the income category and spending from the others, net of refunds', () => {
    expect(monthlyCashFlow(report)).toEqual([
      { month: '2026-09-01', incomeCents: 520050, spendingCents: 310025 + 109990 - 2000 },
      { month: '2026-10-01', incomeCents: 0, spendingCents: 0 },
    ]);
  });
});

describe('monthCategories', () => {
  it('lists the non-zero categories, largest first', () => {
    expect(monthCategories(report[0]).map(({ category }) => category)).toEqual([
      'income',
      'living',
      'lifestyle',
      'one_off',
    ]);
    expect(monthCategories(report[1])).toEqual([]);
    expect(monthCategories(undefined)).toEqual([]);
  });
});
