import { accountTypeLabel, type FinancialPassport } from '@waratah/contracts';
import { toCents } from '../aggregation/cents.ts';
import { formatAud, formatDate } from './format-aud.ts';
import { type DocumentHeading, PdfWriter } from './pdf-writer.ts';
import type { TenantBranding } from './tenant-branding.ts';

const aud = (decimal: string) => formatAud(toCents(decimal));

/** Said under the heading of a passport narrowed to some accounts. */
function coversOnlyLine(accounts: readonly string[]): string {
  return accounts.length > 0
    ? `Covers only: ${accounts.join(', ')}`
    : "Covers only: no account (none of those chosen is in the client's figures)";
}

/**
 * The affordability report of the passport page (spec §7) as a PDF: every figure of
 * `GET financialpassport` for the same range, each with the period it covers.
 */
export function renderFinancialPassportPdf(input: {
  branding: TenantBranding;
  heading: Omit<DocumentHeading, 'title' | 'subtitle'>;
  periodLabel: string;
  passport: FinancialPassport;
  /**
   * For a passport narrowed to some of the client's accounts, the accounts it covers, in words
   * (none: those chosen are not in the client's figures); null or left out for the whole passport.
   */
  coversOnly?: readonly string[] | null;
}) {
  const { passport } = input;
  const range = `${formatDate(passport.from_date)} to ${formatDate(passport.to_date)}`;
  const pdf = new PdfWriter(input.branding, {
    ...input.heading,
    title: 'Financial passport',
    subtitle: `${input.periodLabel}: ${range}`,
  });
  const { totals } = passport.summary;
  if (input.coversOnly) pdf.note(coversOnlyLine(input.coversOnly));
  pdf.section('Summary');
  pdf.note(
    `Income and expenses are totals over ${range}; balances are as at ${formatDate(passport.to_date)}.`,
  );
  pdf.facts([
    [`Income (${range})`, aud(totals.income)],
    [`Expenses (${range})`, aud(totals.expenses)],
    [`Net balance (${range})`, aud(totals.net_balance)],
    ['Assets', aud(totals.assets)],
    ['Liabilities', aud(totals.liabilities)],
    [
      'Savings rate',
      passport.summary.savings_rate === null ? 'No income' : `${passport.summary.savings_rate}%`,
    ],
  ]);

  pdf.section('Income');
  pdf.table(
    [
      { header: 'Source', width: 0.3 },
      { header: 'Category', width: 0.22 },
      { header: 'Regularity', width: 0.14 },
      { header: 'Total', width: 0.17, align: 'right', numeric: true },
      { header: 'Monthly average', width: 0.17, align: 'right', numeric: true },
    ],
    passport.income.breakdown.map((item) => [
      item.source,
      item.category.name,
      item.regularity,
      aud(item.total),
      aud(item.monthly_average),
    ]),
    { totals: [['Total income', '', '', aud(totals.income), '']] },
  );

  pdf.section('Expenses');
  pdf.table(
    [
      { header: 'Category', width: 0.52 },
      { header: 'Transactions', width: 0.14, align: 'right', numeric: true },
      { header: 'Total', width: 0.17, align: 'right', numeric: true },
      { header: 'Monthly average', width: 0.17, align: 'right', numeric: true },
    ],
    passport.expenses.breakdown.map((item) => [
      item.category.name,
      String(item.transaction_ids.length),
      aud(item.total),
      aud(item.monthly_average),
    ]),
    { totals: [['Total expenses', '', aud(totals.expenses), '']] },
  );

  pdf.section('Liabilities');
  pdf.table(
    [
      { header: 'Account', width: 0.3 },
      { header: 'Type', width: 0.2 },
      { header: 'Balance', width: 0.17, align: 'right', numeric: true },
      { header: 'Repaid', width: 0.16, align: 'right', numeric: true },
      { header: 'Monthly average', width: 0.17, align: 'right', numeric: true },
    ],
    passport.liabilities.breakdown.map((item) => [
      item.name,
      accountTypeLabel(item.type),
      aud(item.balance),
      aud(item.total),
      aud(item.monthly_average),
    ]),
  );

  const indicators = passport.responsible_lending_indicators;
  pdf.section('Responsible lending indicators');
  pdf.table(
    [
      { header: `Indicator (${range})`, width: 0.5 },
      { header: 'Count', width: 0.16, align: 'right', numeric: true },
      { header: 'Total', width: 0.17, align: 'right', numeric: true },
      { header: 'Monthly average', width: 0.17, align: 'right', numeric: true },
    ],
    [
      [
        'Gambling',
        String(indicators.gambling.transaction_ids.length),
        aud(indicators.gambling.total),
        aud(indicators.gambling.monthly_average),
      ],
      [
        'Buy now, pay later',
        String(indicators.bnpl.transaction_ids.length),
        aud(indicators.bnpl.total),
        aud(indicators.bnpl.monthly_average),
      ],
      [
        'Dishonours',
        String(indicators.dishonours.count),
        aud(indicators.dishonours.total),
        aud(indicators.dishonours.monthly_average),
      ],
      ['Overdrawn days', String(indicators.overdrawn_days.count), '', ''],
    ],
  );
  return pdf.finish();
}
