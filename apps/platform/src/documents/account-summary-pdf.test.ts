import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  accountSummaryFigures,
  listedAccountName,
  notCountedNote,
  renderAccountSummaryPdf,
} from './account-summary-pdf.ts';
import type { DocumentAccount } from './document-data.ts';
import { renderInsightsPdf } from './insights-pdf.ts';
import { tenantBranding } from './tenant-branding.ts';

const account = (id: number, container: string, included = true): DocumentAccount => ({
  id,
  name: `Account ${id}`,
  providerName: 'Bank',
  container,
  type: container,
  accountNumber: null,
  bsb: null,
  currentCents: 0,
  currency: 'AUD',
  included,
});

describe('accountSummaryFigures', () => {
  it('totals the counted accounts by the sign of their balance, as the passport does', () => {
    const accounts = [
      account(1, 'bank'),
      account(2, 'credit_card'),
      account(3, 'bank', false),
      account(4, 'credit_score'),
      account(5, 'loan'),
    ];
    const balances = new Map([
      [1, -50_000],
      [2, 10_000],
      [3, 2_000_000],
      [4, 750],
      [5, -30_000_000],
    ]);
    const figures = accountSummaryFigures(accounts, balances);
    // Before 2026-11-30: assets 19,500.00 and more (every account, by kind), liabilities +100.00.
    expect(figures).toMatchObject({
      assetsCents: 10_000,
      liabilitiesCents: -30_050_000,
      netCents: -30_040_000,
    });
    // Every account is still listed, those not in the totals marked so (2026-12-02).
    expect(figures.rows.map((row) => row.account.id)).toEqual([1, 2, 3, 4, 5]);
    expect(figures.rows.map(listedAccountName)).toEqual([
      'Account 1',
      'Account 2',
      { text: 'Account 3', suffix: ' (not counted)' },
      { text: 'Account 4', suffix: ' (not counted)' },
      'Account 5',
    ]);
    expect(notCountedNote(figures)).toMatch(/^Accounts marked \(not counted\) are left out of the totals/);
    expect(notCountedNote(accountSummaryFigures([account(1, 'bank')], balances))).toBeUndefined();
  });
});

const heading = {
  clientName: 'Test Client',
  adviserName: null,
  generatedAt: new Date('2026-11-28T00:00:00Z'),
};

/** The PDF's lines as a reader finds them. */
async function linesOf(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.split('\n');
}

describe('the balances tables', () => {
  const accounts: DocumentAccount[] = [
    {
      ...account(1, 'bank', false),
      name: 'Commonwealth Everyday Offset Account Joint Holders',
      type: 'offset',
    },
    { ...account(2, 'credit_score'), name: 'Equifax score', type: 'credit_score' },
    { ...account(3, 'investment'), name: 'Super', type: 'super_annuation' },
    { ...account(4, 'loan'), name: 'Lending', type: 'p2p_lending' },
  ];
  const balances = new Map([
    [1, 500_000],
    [2, 74_200],
    [3, 25_000_000],
    [4, -1_000_000],
  ]);
  const figures = accountSummaryFigures(accounts, balances);

  it('lists a credit score as its plain number, as the portal does, and money as money', () => {
    expect(figures.rows.map((row) => row.shownBalance)).toEqual([
      '$5,000.00',
      '742',
      '$250,000.00',
      '-$10,000.00',
    ]);
  });

  it('keeps “(not counted)” after a long name, prints the score as a number and the types in words', async () => {
    const lines = await linesOf(
      await renderAccountSummaryPdf({
        branding: await tenantBranding('waratah'),
        heading,
        asOf: '2026-11-01',
        figures,
      }),
    );
    // Before 2026-12-03: "Commonwealth Everyday Offset Acc…", the mark cut off with the name.
    expect(lines.find((line) => line.startsWith('Commonwealth'))).toMatch(
      /^Commonwealth Every[^\n]*… \(not counted\) Bank Offset account \$5,000\.00$/,
    );
    // Before: "Equifax score (not counted) Bank credit score $742.00".
    expect(lines).toContain('Equifax score (not counted) Bank Credit score 742');
    // Before: "super annuation" and "p2p lending", where the portal reads these.
    expect(lines).toContain('Super Bank Superannuation $250,000.00');
    expect(lines).toContain('Lending Bank Peer-to-peer lending -$10,000.00');
  });

  it('lists the insights’ balances the same way', async () => {
    const lines = await linesOf(
      await renderInsightsPdf({
        branding: await tenantBranding('moneypartner'),
        heading,
        period: { label: 'October', from: '2026-10-01', to: '2026-10-31' },
        figures: {
          incomeCents: 0,
          expensesCents: 0,
          netCents: 0,
          savingsRate: null,
          transactionCount: 0,
          months: [],
          categories: [],
        },
        balances: figures,
      }),
    );
    expect(lines.find((line) => line.startsWith('Commonwealth'))).toMatch(
      /… \(not counted\) Bank \$5,000\.00$/,
    );
    expect(lines).toContain('Equifax score (not counted) Bank 742');
  });
});
