import { describe, expect, it } from 'vitest';
import type { DocumentTransaction } from './document-data.ts';
import { runningBalances, statementFigures } from './statement-figures.ts';

const tx = (id: number, cents: number, accountId = 1): DocumentTransaction => ({
  id,
  accountId,
  date: `2025-01-${String(id).padStart(2, '0')}`,
  description: `T${id}`,
  merchant: null,
  category: null,
  categoryType: null,
  budgetCategory: 'living',
  cents,
  included: true,
});

describe('statementFigures', () => {
  it('walks back from the closing balance and runs forward to it', () => {
    const figures = statementFigures([tx(1, 10_000), tx(2, -2_550), tx(3, -1)], 50_000);
    expect(figures).toMatchObject({ openingCents: 42_551, creditsCents: 10_000, debitsCents: -2_551 });
    expect(figures.lines.map((line) => line.balanceCents)).toEqual([52_551, 50_001, 50_000]);
  });

  it('has equal opening and closing balances without transactions', () => {
    expect(statementFigures([], 1_234)).toMatchObject({
      openingCents: 1_234,
      closingCents: 1_234,
      lines: [],
    });
  });
});

describe('runningBalances', () => {
  it('keeps each account on its own balance', () => {
    const balances = runningBalances(
      [tx(1, 100, 1), tx(2, 200, 2), tx(3, 300, 1)],
      new Map([
        [1, 1_000],
        [2, 0],
      ]),
    );
    expect(Object.fromEntries(balances)).toEqual({ 1: 700, 2: 0, 3: 1_000 });
  });
});
