import type { BudgetCategory, BudgetCategoryReport } from '@waratah/contracts';
import { percentOneDecimal } from '../aggregation/cents.ts';
import { type AccountSummaryFigures, listedAccountName, notCountedNote } from './account-summary-pdf.ts';
import { formatAud, formatDate } from './format-aud.ts';
import { type DocumentHeading, PdfWriter } from './pdf-writer.ts';
import type { TenantBranding } from './tenant-branding.ts';

export interface InsightsFigures {
  incomeCents: number;
  expensesCents: number;
  netCents: number;
  /** Share of income not spent, percent to one place; null without income. */
  savingsRate: string | null;
  transactionCount: number;
  months: { month: string; incomeCents: number; expensesCents: number }[];
  /** Each budget category that spent over the period, with its share of what they spent together (percent, one place). */
  categories: { name: string; cents: number; share: string }[];
}

/** The budget categories as the Overview page names them (the portal's `overview.budget.categories`). */
const budgetCategoryNames: Record<BudgetCategory, string> = {
  income: 'Income',
  living: 'Living',
  lifestyle: 'Lifestyle',
  goals: 'Goals',
  one_off: 'One-off',
};

/** A report value (positive dollars with an income flag, reference §7) as signed cents. */
const signedCents = (group: { value: number; income: boolean }) => {
  const cents = Math.round(group.value * 100);
  return group.income ? cents : -cents;
};

/**
 * The Overview page's figures of the period, from the budget category report its own call reads
 * (`budgetCategoryReport`, monthly; the included transactions of the accounts the client counts,
 * pending ones too), counted as the page counts them (`monthlyCashFlow` in the portal's
 * `features/overview/utils/cash-flow.ts`): income is the income budget category; expenses are
 * every other budget category, net of refunds (and of transfers, by their budget category), a
 * month whose other categories came out positive spending nothing. The period's totals are the
 * sums of its months. Spending by category: the other budget categories that spent over the
 * period, net, most first. Before 2026-12-03 the PDF counted by its own rules (income by category
 * type, every debit but transfers as expenses, refunds left out), so a refunded purchase was an
 * expense here and none on the page.
 */
export function insightsFigures(report: BudgetCategoryReport): InsightsFigures {
  const categories = new Map<BudgetCategory, number>();
  let incomeCents = 0;
  let expensesCents = 0;
  let transactionCount = 0;
  const months = report.map((month) => {
    let monthIncome = 0;
    let others = 0;
    for (const group of month.groups) {
      const cents = signedCents(group);
      transactionCount += group.transaction_ids.length;
      if (group.name === 'income') monthIncome += cents;
      else {
        others += cents;
        categories.set(group.name, (categories.get(group.name) ?? 0) + cents);
      }
    }
    const monthExpenses = Math.min(0, others);
    incomeCents += monthIncome;
    expensesCents += monthExpenses;
    return { month: month.date.slice(0, 7), incomeCents: monthIncome, expensesCents: monthExpenses };
  });
  const netCents = incomeCents + expensesCents;
  return {
    incomeCents,
    expensesCents,
    netCents,
    savingsRate: incomeCents > 0 ? percentOneDecimal(netCents, incomeCents) : null,
    transactionCount,
    months,
    categories: spentByCategory(categories),
  };
}

/**
 * The categories that spent over the period, most first, each with its share of what they spent
 * together: of the expenses, which are netted month by month, a category could show more than
 * 100 % (review 147: expenses −$40.00, "Living −$120.00, 300.0%").
 */
function spentByCategory(categories: ReadonlyMap<BudgetCategory, number>): InsightsFigures['categories'] {
  const spent = [...categories].filter(([, cents]) => cents < 0);
  const totalCents = spent.reduce((sum, [, cents]) => sum + cents, 0);
  return spent
    .map(([name, cents]) => ({
      name: budgetCategoryNames[name],
      cents,
      share: percentOneDecimal(cents, totalCents),
    }))
    .sort((a, b) => a.cents - b.cents || a.name.localeCompare(b.name));
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function renderInsightsPdf(input: {
  branding: TenantBranding;
  heading: Omit<DocumentHeading, 'title' | 'subtitle'>;
  period: { label: string; from: string; to: string };
  figures: InsightsFigures;
  balances: AccountSummaryFigures;
}) {
  const { figures, period, balances } = input;
  const pdf = new PdfWriter(input.branding, {
    ...input.heading,
    title: 'Financial overview',
    subtitle: `${period.label}: ${formatDate(period.from)} to ${formatDate(period.to)}`,
  });
  pdf.section('Summary');
  pdf.facts([
    ['Income', formatAud(figures.incomeCents)],
    ['Expenses', formatAud(figures.expensesCents)],
    ['Net', formatAud(figures.netCents)],
    ['Savings rate', figures.savingsRate === null ? 'No income' : `${figures.savingsRate}%`],
    ['Transactions', String(figures.transactionCount)],
  ]);
  pdf.note(
    'Income is the income budget category; expenses are the other budget categories (transfers among them), net of refunds, month by month. Transactions the client excluded are left out.',
  );
  pdf.section('Month by month');
  pdf.table(
    [
      { header: 'Month', width: 0.25 },
      { header: 'Income', width: 0.25, align: 'right', numeric: true },
      { header: 'Expenses', width: 0.25, align: 'right', numeric: true },
      { header: 'Net', width: 0.25, align: 'right', numeric: true },
    ],
    figures.months.map(({ month, incomeCents, expensesCents }) => [
      `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`,
      formatAud(incomeCents),
      formatAud(expensesCents),
      formatAud(incomeCents + expensesCents),
    ]),
  );
  pdf.section('Spending by category');
  pdf.table(
    [
      { header: 'Category', width: 0.5 },
      { header: 'Amount', width: 0.3, align: 'right', numeric: true },
      { header: 'Share', width: 0.2, align: 'right', numeric: true },
    ],
    figures.categories.map(({ name, cents, share }) => [name, formatAud(cents), `${share}%`]),
  );
  pdf.section(`Accounts at ${formatDate(period.to)}`);
  pdf.table(
    [
      { header: 'Account', width: 0.45 },
      { header: 'Institution', width: 0.3 },
      { header: 'Balance', width: 0.25, align: 'right', numeric: true },
    ],
    balances.rows.map((row) => [listedAccountName(row), row.account.providerName, row.shownBalance]),
    {
      totals: [
        ['Assets', '', formatAud(balances.assetsCents)],
        ['Liabilities', '', formatAud(balances.liabilitiesCents)],
        ['Net position', '', formatAud(balances.netCents)],
      ],
    },
  );
  const note = notCountedNote(balances);
  if (note) pdf.note(note);
  return pdf.finish();
}
