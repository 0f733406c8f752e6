import { addDays, daysBetween } from '../../aggregation/calendar-date.ts';
import type { DemoAccount, DemoFinances, DemoTransaction } from '../../demo-data/demo-finances-types.ts';

/** An everyday account of the connection. */
export const everyday: DemoAccount = {
  providerAccount: 0,
  name: 'Everyday',
  container: 'bank',
  type: 'bank_account',
  holder: 'individual',
  number: '12XXXX345',
  bsb: '032-000',
  balanceCents: 823_457,
  hasAvailable: true,
};

const card: DemoAccount = {
  providerAccount: 0,
  name: 'Card',
  container: 'credit_card',
  type: 'credit_card',
  holder: 'individual',
  number: '45XXXX678',
  bsb: null,
  balanceCents: -123_456,
  hasAvailable: true,
};

/** A term deposit of the connection, which has no transactions. */
export const termDeposit: DemoAccount = {
  providerAccount: 0,
  name: 'Term deposit',
  container: 'bank',
  type: 'term_deposit',
  holder: 'individual',
  number: '98XXXX765',
  bsb: '032-000',
  balanceCents: 2_000_000,
  hasAvailable: false,
};

/** One Westpac connection, refreshed on `today`, holding `accounts` and their `transactions`. */
export function financesOf(
  today: string,
  accounts: DemoAccount[],
  transactions: DemoTransaction[],
): DemoFinances {
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
    accounts,
    transactions,
    goals: [],
  };
}

/**
 * Tests only: finances reaching back 900 days from `today`, and to 2024-07-01 at least (so every
 * export period of every tenant holds transactions: the spec's "financial year 24/25" is a fixed
 * year, which 900 days stopped reaching in December 2027): an everyday account with pay,
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
  const days = Math.max(900, daysBetween('2024-07-01', today));
  for (let day = 0; day <= days; day++) {
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
  return financesOf(today, [everyday, card], transactions);
}

const merchants = [
  'Woolworths',
  'Coles',
  'Shell',
  'Uber',
  'Netflix',
  'Bunnings',
  'Chemist Warehouse',
  'Kmart',
];
const categories = ['GROCERIES', 'TRANSPORT', 'DINING', 'SHOPPING', 'SUBSCRIPTIONS', 'UTILITIES'];

/**
 * Tests and the bench only: one everyday account with `count` transactions spread over the 12
 * months to `today` (fortnightly-ish pay, the rest daily spending), for the large-statement figures.
 */
export function busyAccountFinances(today: string, count: number): DemoFinances {
  const transactions: DemoTransaction[] = [];
  for (let index = 0; index < count; index++) {
    const day = Math.floor((index * 364) / count);
    const pay = index % 190 === 0;
    const merchant = merchants[index % merchants.length] ?? 'Shop';
    transactions.push({
      account: 0,
      date: addDays(today, -day),
      cents: pay ? 412_345 : -(500 + ((index * 7919) % 15_000)),
      description: pay
        ? 'SALARY ACME PTY LTD'
        : `${merchant.toUpperCase()} ${1000 + (index % 9000)} SYDNEY NSW`,
      merchant: pay ? 'Acme' : merchant,
      categoryKey: pay ? 'SALARY' : (categories[index % categories.length] ?? 'SHOPPING'),
      budget: pay ? 'income' : 'living',
      pending: false,
    });
  }
  return financesOf(today, [everyday], transactions);
}
