import { describe, expect, it } from 'vitest';
import { accountSummaryFigures, listedAccountName, notCountedNote } from './account-summary-pdf.ts';
import type { DocumentAccount } from './document-data.ts';

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
      'Account 3 (not counted)',
      'Account 4 (not counted)',
      'Account 5',
    ]);
    expect(notCountedNote(figures)).toMatch(/^Accounts marked \(not counted\) are left out of the totals/);
    expect(notCountedNote(accountSummaryFigures([account(1, 'bank')], balances))).toBeUndefined();
  });
});
