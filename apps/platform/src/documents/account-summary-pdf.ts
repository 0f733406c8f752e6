import type { DocumentAccount } from './document-data.ts';
import { formatAud, formatDate } from './format-aud.ts';
import { type DocumentHeading, PdfWriter } from './pdf-writer.ts';
import type { TenantBranding } from './tenant-branding.ts';

export interface AccountSummaryFigures {
  /** Every account; `counted` when its balance is in the totals. */
  rows: { account: DocumentAccount; balanceCents: number; counted: boolean }[];
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
  const rows = accounts.map((account) => ({
    account,
    balanceCents: balances.get(account.id) ?? 0,
    counted: account.included && account.container !== 'credit_score',
  }));
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
 * (before 2026-12-02 nothing said so, and the totals read as wrong sums of the rows shown).
 */
export function listedAccountName({ account, counted }: AccountSummaryFigures['rows'][number]): string {
  return counted ? account.name : `${account.name} (not counted)`;
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
      { header: 'Balance', width: 0.2, align: 'right' },
    ],
    figures.rows.map((row) => [
      listedAccountName(row),
      row.account.providerName,
      row.account.type.replace(/_/g, ' '),
      formatAud(row.balanceCents),
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
