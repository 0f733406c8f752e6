import { percentOneDecimal } from '../aggregation/cents.ts';
import { monthStarts } from '../reports/sydney-calendar.ts';
import { type AccountSummaryFigures, listedAccountName, notCountedNote } from './account-summary-pdf.ts';
import type { DocumentTransaction } from './document-data.ts';
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
  categories: { name: string; cents: number }[];
}

const isIncome = (tx: DocumentTransaction) => tx.cents > 0 && tx.categoryType === 'income';
const isExpense = (tx: DocumentTransaction) => tx.cents < 0 && tx.categoryType !== 'transfer';

/**
 * The overview's figures from the included transactions of the period (the client's exclusions
 * hold): income is credits categorised as income, expenses every debit but transfers.
 */
export function insightsFigures(
  transactions: readonly DocumentTransaction[],
  period: { from: string; to: string },
): InsightsFigures {
  const included = transactions.filter((tx) => tx.included);
  const months = new Map(
    monthStarts(period.from, period.to).map((start) => [
      start.slice(0, 7),
      { incomeCents: 0, expensesCents: 0 },
    ]),
  );
  const categories = new Map<string, number>();
  let incomeCents = 0;
  let expensesCents = 0;
  for (const tx of included) {
    const month = months.get(tx.date.slice(0, 7));
    if (isIncome(tx)) {
      incomeCents += tx.cents;
      if (month) month.incomeCents += tx.cents;
    } else if (isExpense(tx)) {
      expensesCents += tx.cents;
      if (month) month.expensesCents += tx.cents;
      const name = tx.category ?? 'Uncategorised';
      categories.set(name, (categories.get(name) ?? 0) + tx.cents);
    }
  }
  const netCents = incomeCents + expensesCents;
  return {
    incomeCents,
    expensesCents,
    netCents,
    savingsRate: incomeCents > 0 ? percentOneDecimal(netCents, incomeCents) : null,
    transactionCount: included.length,
    months: [...months.entries()].map(([month, totals]) => ({ month, ...totals })),
    categories: [...categories.entries()]
      .map(([name, cents]) => ({ name, cents }))
      .sort((a, b) => a.cents - b.cents || a.name.localeCompare(b.name)),
  };
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
  pdf.note('Transfers between accounts are not expenses; transactions the client excluded are left out.');
  pdf.section('Month by month');
  pdf.table(
    [
      { header: 'Month', width: 0.25 },
      { header: 'Income', width: 0.25, align: 'right' },
      { header: 'Expenses', width: 0.25, align: 'right' },
      { header: 'Net', width: 0.25, align: 'right' },
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
      { header: 'Amount', width: 0.3, align: 'right' },
      { header: 'Share', width: 0.2, align: 'right' },
    ],
    figures.categories.map(({ name, cents }) => [
      name,
      formatAud(cents),
      figures.expensesCents === 0 ? '' : `${percentOneDecimal(cents, figures.expensesCents)}%`,
    ]),
  );
  pdf.section(`Accounts at ${formatDate(period.to)}`);
  pdf.table(
    [
      { header: 'Account', width: 0.45 },
      { header: 'Institution', width: 0.3 },
      { header: 'Balance', width: 0.25, align: 'right' },
    ],
    balances.rows.map((row) => [
      listedAccountName(row),
      row.account.providerName,
      formatAud(row.balanceCents),
    ]),
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
