import type { FinancialPassport } from '@waratah/contracts';

/** A financial passport as `GET api/v2/financialpassport` answers it, for tests. */
export function buildPassport(overrides: Partial<FinancialPassport> = {}): FinancialPassport {
  const traced = { total: '0.00', monthly_average: '0.00', transaction_ids: [] };
  return {
    created_at: '2026-11-22T01:00:00Z',
    from_date: '2025-11-23',
    to_date: '2026-11-22',
    summary: {
      totals: {
        income: '9000.00',
        expenses: '-2157.49',
        net_balance: '6842.51',
        assets: '1500.00',
        liabilities: '-500.00',
      },
      savings_rate: '76.0',
    },
    income: {
      breakdown: [
        {
          source: 'SALARY ACME',
          category: { key: 'SALARY', name: 'Salary and wages' },
          regularity: 'fortnightly',
          total: '9000.00',
          monthly_average: '750.00',
          transaction_ids: [1, 2],
        },
      ],
    },
    expenses: {
      breakdown: [
        {
          category: { key: 'RENT', name: 'Rent' },
          total: '-2157.49',
          monthly_average: '-179.79',
          transaction_ids: [3],
        },
      ],
    },
    liabilities: { breakdown: [] },
    responsible_lending_indicators: {
      gambling: traced,
      bnpl: traced,
      dishonours: { ...traced, count: 0 },
      overdrawn_days: { count: 3, account_ids: [11], by_account: [{ account_id: 11, days: 3 }] },
    },
    accounts: [{ id: 11, name: 'Everyday Account', type: 'bank_account' }],
    ...overrides,
  };
}
