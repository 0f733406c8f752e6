import { accountTypeLabel } from '@waratah/contracts';
import { formatCents } from '../aggregation/cents.ts';
import type { DocumentAccount } from './document-data.ts';
import { formatAud, formatDate } from './format-aud.ts';
import { type DocumentHeading, PdfWriter, type TableCell } from './pdf-writer.ts';
import type { TenantBranding } from './tenant-branding.ts';

export interface AccountSummaryFigures {
  /**
   * Every account; `counted` when its balance is in the totals; `shownBalance` the balance as the
   * tables list it: money, or a credit score's points as the portal shows them ("742", where
   * before 2026-12-03 the PDFs printed "$742.00").
   */
  rows: { account: DocumentAccount; balanceCents: number; counted: boolean; shownBalance: string }[];
  assetsCents: number;
  liabilitiesCents: number;
  netCents: number;
}

/**
 * Every account's balance at a date, each listed; the totals count, as the passport and the
 * overview do, the accounts the client counts (`included`), by the sign of their balance (an
 * overdraft is owed, a card in credit held), and never a credit score. Before 2026-11-30 they went
 * by the kind of account and counted every account, so the same client's assets and liabilities
 * differed between this PDF, the insights PDF and the passport.
 */
export function accountSummaryFigures(
  accounts: readonly DocumentAccount[],
  balances: ReadonlyMap<number, number>,
): AccountSummaryFigures {
  const rows = accounts.map((account) => {
    const balanceCents = balances.get(account.id) ?? 0;
    const creditScore = account.container === 'credit_score';
    return {
      account,
      balanceCents,
      counted: account.included && !creditScore,
      shownBalance: creditScore ? formatCents(balanceCents).replace(/\.00$/, '') : formatAud(balanceCents),
    };
  });
  let assetsCents = 0;
  let liabilitiesCents = 0;
  for (const row of rows) {
    if (!row.counted) continue;
    if (row.balanceCents < 0) liabilitiesCents += row.balanceCents;
    else assetsCents += row.balanceCents;
  }
  return { rows, assetsCents, liabilitiesCents, netCents: assetsCents + liabilitiesCents };
}

/**
 * An account's name as a balances table lists it: marked when its balance is not in the totals
 * (before 2026-12-02 nothing said so, and the totals read as wrong sums of the rows shown). The
 * mark is kept whole: a long name is shortened before it (before 2026-12-03 the mark was cut off
 * with the name's end).
 */
export function listedAccountName({ account, counted }: AccountSummaryFigures['rows'][number]): TableCell {
  return counted ? account.name : { text: account.name, suffix: ' (not counted)' };
}

/** Said under a balances table that lists an account not counted in its totals. */
export function notCountedNote(figures: AccountSummaryFigures): string | undefined {
  return figures.rows.some((row) => !row.counted)
    ? 'Accounts marked (not counted) are left out of the totals: the client left them out of their figures, or they are not money (a credit score).'
    : undefined;
}

export function renderAccountSummaryPdf(input: {
  branding: TenantBranding;
  heading: Omit<DocumentHeading, 'title' | 'subtitle'>;
  asOf: string;
  figures: AccountSummaryFigures;
}) {
  const { figures } = input;
  const pdf = new PdfWriter(input.branding, {
    ...input.heading,
    title: 'Account balances',
    subtitle: `Balances at the end of ${formatDate(input.asOf)}`,
  });
  pdf.section('Accounts');
  pdf.table(
    [
      { header: 'Account', width: 0.34 },
      { header: 'Institution', width: 0.26 },
      { header: 'Type', width: 0.2 },
      { header: 'Balance', width: 0.2, align: 'right', numeric: true },
    ],
    figures.rows.map((row) => [
      listedAccountName(row),
      row.account.providerName,
      accountTypeLabel(row.account.type),
      row.shownBalance,
    ]),
  );
  const note = notCountedNote(figures);
  if (note) pdf.note(note);
  pdf.section('Totals');
  pdf.facts([
    ['Accounts', String(figures.rows.length)],
    ['Assets', formatAud(figures.assetsCents)],
    ['Liabilities', formatAud(figures.liabilitiesCents)],
    ['Net position', formatAud(figures.netCents)],
  ]);
  return pdf.finish();
}
