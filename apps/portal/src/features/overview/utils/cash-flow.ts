import type { BudgetCategory, BudgetCategoryReport } from '@waratah/contracts';

export interface MonthCashFlow {
  /** The month's first day, YYYY-MM-DD. */
  month: string;
  incomeCents: number;
  spendingCents: number;
}

export interface CategoryAmount {
  category: BudgetCategory;
  cents: number;
  income: boolean;
}

/** Report values are positive dollars to the cent with an income flag (reference §7); back to signed cents. */
function signedCents(group: { value: number; income: boolean }): number {
  const cents = Math.round(group.value * 100);
  return group.income ? cents : -cents;
}

/**
 * Income (the income budget category) and spending (every other category, net of refunds) per
 * month, in whole cents; a month whose other categories came out positive spent nothing.
 */
export function monthlyCashFlow(report: BudgetCategoryReport): MonthCashFlow[] {
  return report.map((month) => {
    let incomeCents = 0;
    let otherCents = 0;
    for (const group of month.groups) {
      if (group.name === 'income') incomeCents += signedCents(group);
      else otherCents += signedCents(group);
    }
    return { month: month.date, incomeCents, spendingCents: Math.max(0, -otherCents) };
  });
}

/** The categories of one month, largest first. */
export function monthCategories(month: BudgetCategoryReport[number] | undefined): CategoryAmount[] {
  if (!month) return [];
  return month.groups
    .map((group) => ({ category: group.name, cents: Math.round(group.value * 100), income: group.income }))
    .filter((entry) => entry.cents !== 0)
    .sort((a, b) => b.cents - a.cents);
}
