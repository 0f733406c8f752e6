import type { DemoFinances, DemoTransaction } from '../demo-data/demo-finances-types.ts';

const tx = (
  account: number,
  date: string,
  cents: number,
  description: string,
  categoryKey: string,
  budget: DemoTransaction['budget'],
): DemoTransaction => ({
  account,
  date,
  cents,
  description,
  merchant: null,
  categoryKey,
  budget,
  pending: false,
});

/**
 * Small hand-built finances with known totals, for tests: one bank connection with an everyday
 * account (index 0) and a credit card (index 1), one connection needing action, and transactions
 * either side of the Sydney daylight-saving change (5 October 2025) and of month ends.
 */
export function sampleFinances(): DemoFinances {
  return {
    providerAccounts: [
      {
        providerName: 'Westpac',
        status: 'success',
        refreshStatus: 'success',
        refreshSubStatus: null,
        lastRefreshed: '2026-11-19',
      },
      {
        providerName: 'ANZ',
        status: 'needs_action',
        refreshStatus: 'relogin_required',
        refreshSubStatus: 'invalid_credentials',
        lastRefreshed: '2026-10-01',
      },
    ],
    accounts: [
      {
        providerAccount: 0,
        name: 'Everyday',
        container: 'bank',
        type: 'bank_account',
        holder: 'individual',
        number: '12XXXX345',
        bsb: '032-000',
        balanceCents: 150_000,
        hasAvailable: true,
      },
      {
        providerAccount: 1,
        name: 'Card',
        container: 'credit_card',
        type: 'credit_card',
        holder: 'individual',
        number: '45XXXX678',
        bsb: null,
        balanceCents: -50_000,
        hasAvailable: true,
      },
    ],
    transactions: [
      tx(0, '2025-09-30', 300_000, 'SALARY ACME', 'SALARY', 'income'),
      tx(0, '2025-10-01', -4_250, 'WOOLWORTHS 1234', 'GROCERIES', 'living'),
      tx(0, '2025-10-04', -1_999, 'NETFLIX.COM', 'SUBSCRIPTIONS', 'lifestyle'),
      tx(0, '2025-10-05', -5_000, 'SPORTSBET', 'GAMBLING', 'lifestyle'),
      tx(0, '2025-10-14', 300_000, 'SALARY ACME', 'SALARY', 'income'),
      tx(0, '2025-10-28', 300_000, 'SALARY ACME', 'SALARY', 'income'),
      tx(0, '2025-10-31', -200_000, 'RENT RAY WHITE', 'RENT', 'living'),
      tx(0, '2025-11-01', -1_500, 'DISHONOUR FEE', 'FEES', 'one_off'),
      tx(1, '2025-11-01', -3_000, 'AFTERPAY', 'BNPL', 'lifestyle'),
      tx(1, '2025-11-02', 3_000, 'PAYMENT RECEIVED', 'TRANSFER', 'one_off'),
    ],
    goals: [],
  };
}
