import { addDays } from '../../aggregation/calendar-date.ts';
import type { DemoFinances, DemoTransaction } from '../../demo-data/demo-finances-types.ts';

/**
 * Tests only: finances reaching back 900 days from `today` (so every export period of every
 * tenant, the 24/25 financial year included, holds transactions): an everyday account with pay,
 * rent and spending, and a credit card with purchases and repayments. Amounts vary by day so that
 * no two totals agree by chance.
 */
export function documentFinances(today: string): DemoFinances {
  const transactions: DemoTransaction[] = [];
  const add = (
    account: number,
    date: string,
    cents: number,
    description: string,
    categoryKey: string,
    budget: DemoTransaction['budget'],
    merchant: string | null = null,
  ) =>
    transactions.push({ account, date, cents, description, merchant, categoryKey, budget, pending: false });
  for (let day = 0; day <= 900; day++) {
    const date = addDays(today, -day);
    if (day % 14 === 3) add(0, date, 312_345, 'SALARY ACME PTY LTD', 'SALARY', 'income', 'Acme');
    if (day % 30 === 7) add(0, date, -210_000, 'RENT RAY WHITE', 'RENT', 'living', 'Ray White');
    if (day % 3 === 0)
      add(0, date, -(1_000 + ((day * 37) % 9_000)), `WOOLWORTHS ${day}`, 'GROCERIES', 'living', 'Woolworths');
    if (day % 11 === 5)
      add(0, date, -(2_599 + (day % 7)), 'SPOTIFY', 'SUBSCRIPTIONS', 'lifestyle', 'Spotify');
    if (day % 5 === 1) add(1, date, -(3_000 + ((day * 13) % 5_000)), `CAFE ${day}`, 'DINING', 'lifestyle');
    if (day % 30 === 20) add(1, date, 45_000, 'PAYMENT RECEIVED', 'TRANSFER', 'one_off');
  }
  return {
    providerAccounts: [
      {
        providerName: 'Westpac',
        status: 'success',
        refreshStatus: 'success',
        refreshSubStatus: null,
        lastRefreshed: today,
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
        balanceCents: 823_457,
        hasAvailable: true,
      },
      {
        providerAccount: 0,
        name: 'Card',
        container: 'credit_card',
        type: 'credit_card',
        holder: 'individual',
        number: '45XXXX678',
        bsb: null,
        balanceCents: -123_456,
        hasAvailable: true,
      },
    ],
    transactions,
    goals: [],
  };
}
