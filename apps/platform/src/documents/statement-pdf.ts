import type { DocumentAccount } from './document-data.ts';
import { formatAud, formatDate } from './format-aud.ts';
import { type DocumentHeading, PdfWriter } from './pdf-writer.ts';
import type { StatementFigures } from './statement-figures.ts';
import type { TenantBranding } from './tenant-branding.ts';

export interface StatementPdfInput {
  branding: TenantBranding;
  heading: Omit<DocumentHeading, 'title' | 'subtitle'>;
  account: DocumentAccount;
  period: { label: string; from: string; to: string };
  figures: StatementFigures;
}

/** An account statement: opening and closing balance, every transaction, running balance. */
export async function renderStatementPdf({ branding, heading, account, period, figures }: StatementPdfInput) {
  const pdf = new PdfWriter(branding, {
    ...heading,
    title: 'Account statement',
    subtitle: `${account.name} · ${period.label}: ${formatDate(period.from)} to ${formatDate(period.to)}`,
  });
  pdf.section('Account');
  pdf.facts([
    ['Account', account.name],
    ['Institution', account.providerName],
    ...(account.bsb ? ([['BSB', account.bsb]] as const) : []),
    ...(account.accountNumber ? ([['Account number', account.accountNumber]] as const) : []),
    ['Currency', account.currency],
  ]);
  pdf.section('Summary');
  // Money out as the table's column shows it, without a sign: the heading says which way it went
  // (before 2026-12-02 the summary printed it negative, the table's total and rows positive).
  pdf.facts([
    [`Opening balance (${formatDate(period.from)})`, formatAud(figures.openingCents)],
    ['Money in', formatAud(figures.creditsCents)],
    ['Money out', formatAud(-figures.debitsCents)],
    [`Closing balance (${formatDate(period.to)})`, formatAud(figures.closingCents)],
    ['Transactions', String(figures.lines.length)],
  ]);
  pdf.section('Transactions');
  // Its rows are formatted as they are drawn, and the drawing lets other requests in between. An
  // amount is never shortened: up to about $100 million it fits its column, a larger one is set
  // smaller (before 2026-12-03 "$12,345,678.9…" lost its cent).
  await pdf.tableInTurns(
    [
      { header: 'Date', width: 0.14 },
      { header: 'Description', width: 0.38 },
      { header: 'Money out', width: 0.16, align: 'right', numeric: true },
      { header: 'Money in', width: 0.16, align: 'right', numeric: true },
      { header: 'Balance', width: 0.16, align: 'right', numeric: true },
    ],
    (function* () {
      yield [formatDate(period.from), 'Opening balance', '', '', formatAud(figures.openingCents)];
      for (const { transaction, balanceCents } of figures.lines)
        yield [
          formatDate(transaction.date),
          transaction.description,
          transaction.cents < 0 ? formatAud(-transaction.cents) : '',
          transaction.cents >= 0 ? formatAud(transaction.cents) : '',
          formatAud(balanceCents),
        ];
    })(),
    {
      totals: [
        [
          formatDate(period.to),
          'Closing balance',
          formatAud(-figures.debitsCents),
          formatAud(figures.creditsCents),
          formatAud(figures.closingCents),
        ],
      ],
    },
  );
  return pdf.finish();
}
