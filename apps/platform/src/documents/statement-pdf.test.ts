import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { watchTurns } from '../testing/event-loop-turns.ts';
import type { DocumentTransaction } from './document-data.ts';
import { statementFigures } from './statement-figures.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { tenantBranding } from './tenant-branding.ts';
import { renderedAccount } from './testing/rendered-account.ts';

const account = renderedAccount;

describe('the account statement', () => {
  it('lets the event loop turn while its transactions are drawn, and draws every one', async () => {
    const transactions: DocumentTransaction[] = Array.from({ length: 2_000 }, (_, index) => ({
      id: index + 1,
      accountId: 1,
      date: `2026-10-${String((index % 28) + 1).padStart(2, '0')}`,
      description: `Purchase ${index + 1}`,
      merchant: null,
      category: 'Groceries',
      categoryType: 'expense',
      budgetCategory: 'Living',
      cents: -(index + 1),
      included: true,
    })).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
    const figures = statementFigures(transactions, 123_456);
    const watch = watchTurns(figures.lines);
    try {
      const bytes = await renderStatementPdf({
        branding: await tenantBranding('moneypartner'),
        heading: {
          clientName: 'Zoë O’Brien',
          adviserName: null,
          generatedAt: new Date('2026-11-28T00:00:00Z'),
        },
        account,
        period: { label: 'October', from: '2026-10-01', to: '2026-10-31' },
        figures: { ...figures, lines: watch.rows },
      });
      // Every 500 rows at least: drawn in one go, the loop did not turn between the first and last.
      expect(watch.turnsWhileRead()).toBeGreaterThanOrEqual(3);
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      for (const number of [1, 1_000, 2_000]) expect(text).toContain(`Purchase ${number}`);
      expect(text).toContain('Closing balance');
    } finally {
      watch.stop();
    }
  });

  it('shows money out with one sign, as its column does: in the summary, each row and the total', async () => {
    const transaction = (
      id: number,
      date: string,
      cents: number,
      description: string,
    ): DocumentTransaction => ({
      id,
      accountId: 1,
      date,
      description,
      merchant: null,
      category: 'Groceries',
      categoryType: 'expense',
      budgetCategory: 'Living',
      cents,
      included: true,
    });
    const bytes = await renderStatementPdf({
      branding: await tenantBranding('waratah'),
      heading: {
        clientName: 'Test Client',
        adviserName: null,
        generatedAt: new Date('2026-11-28T00:00:00Z'),
      },
      account,
      period: { label: 'October', from: '2026-10-01', to: '2026-10-31' },
      figures: statementFigures(
        [
          transaction(1, '2026-10-02', 5_000, 'SALARY ACME'),
          transaction(2, '2026-10-03', -123_456, 'RENT RAY WHITE'),
          transaction(3, '2026-10-04', -1_000, 'COFFEE'),
        ],
        100_000,
      ),
    });
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
    const lines = text.join('\n').split('\n');
    // Before 2026-12-02 the summary read "Money out -$1,244.56" above a table of positive amounts.
    expect(lines).toContain('Money out $1,244.56');
    expect(lines).toContain('Money in $50.00');
    expect(lines.find((line) => line.includes('RENT RAY WHITE'))).toMatch(/RENT RAY WHITE \$1,234\.56 /);
    expect(lines.find((line) => line.includes('Closing balance') && !line.includes('('))).toMatch(
      /Closing balance \$1,244\.56 \$50\.00 \$1,000\.00$/,
    );
    expect(lines.join('\n')).not.toMatch(/-\$1,2/);
  });

  it('prints amounts of ten million dollars and more whole, cents included', async () => {
    const transaction = (id: number, cents: number): DocumentTransaction => ({
      id,
      accountId: 1,
      date: `2026-10-0${id}`,
      description: `Settlement ${id}`,
      merchant: null,
      category: null,
      categoryType: null,
      budgetCategory: 'Living',
      cents,
      included: true,
    });
    for (const tenantId of ['waratah', 'moneypartner', 'waratahlabs'] as const) {
      const bytes = await renderStatementPdf({
        branding: await tenantBranding(tenantId),
        heading: {
          clientName: 'Acme Pty Ltd',
          adviserName: null,
          generatedAt: new Date('2026-11-28T00:00:00Z'),
        },
        account: { ...account, name: 'Business loan', container: 'loan' },
        period: { label: 'October', from: '2026-10-01', to: '2026-10-31' },
        figures: statementFigures(
          [transaction(1, 1_234_567_890), transaction(2, -99_999_999_999), transaction(3, 123_456_789_012)],
          -1_234_567_890,
        ),
      });
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      const lines = text.split('\n');
      // Before 2026-12-03: "$12,345,678.9…", the cents cut off as if the amount were text.
      expect(
        lines.find((line) => line.startsWith('1 Oct 2026 Settlement')),
        tenantId,
      ).toMatch(/ \$12,345,678\.90 -\$246,913,569\.03$/);
      expect(
        lines.find((line) => line.startsWith('2 Oct 2026 Settlement')),
        tenantId,
      ).toMatch(/ \$999,999,999\.99 -\$1,246,913,569\.02$/);
      expect(
        lines.find((line) => line.startsWith('3 Oct 2026 Settlement')),
        tenantId,
      ).toMatch(/ \$1,234,567,890\.12 -\$12,345,678\.90$/);
      expect(text).not.toContain('…');
    }
  });
});
