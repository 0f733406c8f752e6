import type { FinancialPassport } from '@waratah/contracts';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderFinancialPassportPdf } from './financial-passport-pdf.ts';
import { tenantBranding } from './tenant-branding.ts';

const traced = (total: string) => ({ total, monthly_average: '0.00', transaction_ids: [] });

const liability = (account_id: number, name: string, type: string, balance: string) => ({
  ...traced('100.00'),
  account_id,
  name,
  type,
  balance,
});

const passport: FinancialPassport = {
  created_at: '2026-11-28T00:00:00.000Z',
  from_date: '2025-11-29',
  to_date: '2026-11-28',
  summary: {
    totals: { income: '0.00', expenses: '0.00', net_balance: '0.00', assets: '0.00', liabilities: '0.00' },
    savings_rate: null,
  },
  income: { breakdown: [] },
  expenses: { breakdown: [] },
  liabilities: {
    breakdown: [
      liability(1, 'Card', 'credit_card', '-1500.00'),
      liability(2, 'Lending', 'p2p_lending', '-2000.00'),
      liability(3, 'Home', 'mortgage_variable', '-123456789012.34'),
    ],
  },
  responsible_lending_indicators: {
    gambling: traced('0.00'),
    bnpl: traced('0.00'),
    dishonours: { ...traced('0.00'), count: 0 },
    overdrawn_days: { count: 0, account_ids: [], by_account: [] },
  },
  accounts: [],
};

describe('the financial passport PDF', () => {
  it('names each liability’s type as the portal does, and prints its balance whole', async () => {
    const bytes = await renderFinancialPassportPdf({
      branding: await tenantBranding('moneypartner'),
      heading: {
        clientName: 'Test Client',
        adviserName: null,
        generatedAt: new Date('2026-11-28T00:00:00Z'),
      },
      periodLabel: 'Past year',
      passport,
    });
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    const lines = text.split('\n');
    // Before 2026-12-03: "credit card", "p2p lending", "mortgage variable".
    expect(lines).toContain('Card Credit card -$1,500.00 $100.00 $0.00');
    expect(lines).toContain('Lending Peer-to-peer lending -$2,000.00 $100.00 $0.00');
    expect(lines).toContain('Home Mortgage (variable) -$123,456,789,012.34 $100.00 $0.00');
    expect(text).not.toContain('…');
  });
});
