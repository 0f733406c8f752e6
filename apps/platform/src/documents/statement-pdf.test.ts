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
});
