import type { BudgetCategory } from '@waratah/contracts';
import { addDays, addMonths, daysBetween } from '../aggregation/calendar-date.ts';
import { categoryIdByKey } from '../aggregation/transaction-category-catalogue.ts';
import type { DemoTransaction } from './demo-finances-types.ts';
import type { Random } from './random.ts';

/** Which of the client's accounts receive what; -1 when the client has no such account. */
export interface TransactionAccounts {
  everyday: number;
  savings: number;
  creditCard: number;
  mortgage: number;
}

export interface SpendingProfile {
  fortnightlyPayCents: number;
  employer: string;
  housing: 'rent' | 'mortgage';
  housingCents: number;
  gambler: boolean;
  bnpl: boolean;
  stressed: boolean;
}

const grocers = ['WOOLWORTHS', 'COLES', 'ALDI STORES', 'IGA'];
const subscriptions = [
  ['NETFLIX.COM', 1899],
  ['SPOTIFY P0A1B2', 1399],
  ['STAN.COM.AU', 1200],
  ['DISNEY PLUS', 1399],
  ['AMAZON PRIME AU', 999],
] as const;
const dining = ['UBER *EATS', 'MENULOG', 'GUZMAN Y GOMEZ', 'THE GROUNDS CAFE', 'DOMINOS PIZZA'];
const transport = ['AMPOL', 'BP CONNECT', 'TRANSPORT FOR NSW OPAL', '7-ELEVEN FUEL'];

/**
 * Believable Australian everyday banking from `from` to `to`: fortnightly pay, rent or mortgage,
 * groceries at the big grocers, utilities, subscriptions, eating out, fuel, savings transfers,
 * buy-now-pay-later instalments and, for some clients, gambling and dishonour fees.
 */
export function generateDemoTransactions(
  random: Random,
  accounts: TransactionAccounts,
  profile: SpendingProfile,
  range: { from: string; to: string },
): DemoTransaction[] {
  const out: DemoTransaction[] = [];
  const add = (
    account: number,
    date: string,
    cents: number,
    description: string,
    categoryKey: string,
    merchant: string | null = null,
  ) => {
    if (account < 0 || date < range.from || date > range.to || cents === 0) return;
    const budget = budgetOf(categoryKey);
    out.push({
      account,
      date,
      cents,
      description,
      merchant,
      categoryKey,
      budget,
      pending: daysBetween(date, range.to) < 2,
    });
  };
  const every = (firstDate: string, stepDays: number, action: (date: string, index: number) => void) => {
    for (let date = firstDate, index = 0; date <= range.to; date = addDays(date, stepDays), index++)
      action(date, index);
  };
  const monthly = (day: number, action: (date: string) => void) => {
    for (
      let month = `${range.from.slice(0, 7)}-${String(day).padStart(2, '0')}`;
      month <= range.to;
      month = addMonths(month, 1)
    )
      action(month);
  };

  const everyday = accounts.everyday;
  every(addDays(range.from, random.int(0, 13)), 14, (date) => {
    add(
      everyday,
      date,
      profile.fortnightlyPayCents,
      `SALARY ${profile.employer}`,
      'SALARY',
      profile.employer,
    );
    const saving = random.int(100, 500) * 100;
    if (accounts.savings >= 0 && !profile.stressed) {
      add(everyday, addDays(date, 1), -saving, 'TRANSFER TO SAVINGS', 'SAVINGS_TRANSFER');
      add(accounts.savings, addDays(date, 1), saving, 'TRANSFER FROM EVERYDAY', 'TRANSFER');
    }
  });
  monthly(1, (date) => {
    if (profile.housing === 'rent')
      add(everyday, date, -profile.housingCents, 'RENT RAY WHITE REALTY', 'RENT', 'Ray White');
    else {
      add(everyday, date, -profile.housingCents, 'HOME LOAN REPAYMENT', 'MORTGAGE');
      add(accounts.mortgage, date, profile.housingCents, 'REPAYMENT THANK YOU', 'TRANSFER');
    }
  });
  monthly(15, (date) => {
    add(everyday, date, -random.int(6500, 9500), 'TELSTRA PREPAID', 'TELCO', 'Telstra');
    add(everyday, addDays(date, 3), -random.int(9000, 26000), 'AGL ENERGY', 'UTILITIES', 'AGL');
    if (accounts.savings >= 0)
      add(accounts.savings, addDays(date, 13), random.int(150, 900), 'CREDIT INTEREST', 'INTEREST_INCOME');
  });
  for (const [name, cents] of subscriptions.slice(0, random.int(1, 3))) {
    monthly(random.int(2, 27), (date) =>
      add(
        accounts.creditCard >= 0 ? accounts.creditCard : everyday,
        date,
        -cents,
        name,
        'SUBSCRIPTIONS',
        name,
      ),
    );
  }
  every(range.from, 1, (date) => {
    if (random.chance(0.3)) {
      const grocer = random.pick(grocers);
      add(
        everyday,
        date,
        -random.int(2500, 22000),
        `${grocer} ${random.int(1000, 3999)}`,
        'GROCERIES',
        grocer,
      );
    }
    if (random.chance(0.15))
      add(
        accounts.creditCard >= 0 ? accounts.creditCard : everyday,
        date,
        -random.int(1200, 8500),
        random.pick(dining),
        'DINING',
      );
    if (random.chance(0.12))
      add(everyday, date, -random.int(3000, 9000), random.pick(transport), 'TRANSPORT');
    if (profile.gambler && random.chance(0.08)) {
      add(
        everyday,
        date,
        -random.int(20, 250) * 100,
        random.chance(0.5) ? 'SPORTSBET' : 'TAB NSW',
        'GAMBLING',
        'Sportsbet',
      );
    }
    if (profile.stressed && random.chance(0.012)) add(everyday, date, -1500, 'DISHONOUR FEE', 'FEES');
  });
  if (profile.bnpl) {
    every(addDays(range.from, random.int(0, 20)), random.int(30, 60), (date) => {
      const instalment = random.int(2000, 12000);
      for (let part = 0; part < 4; part++)
        add(
          everyday,
          addDays(date, part * 14),
          -instalment,
          random.chance(0.6) ? 'AFTERPAY' : 'ZIP PAY',
          'BNPL',
        );
    });
  }
  if (accounts.creditCard >= 0) {
    monthly(25, (date) => {
      const owed = -out
        .filter(
          (tx) => tx.account === accounts.creditCard && tx.date < date && tx.date >= addMonths(date, -1),
        )
        .reduce((sum, tx) => sum + tx.cents, 0);
      add(everyday, date, -owed, 'CREDIT CARD PAYMENT', 'TRANSFER');
      add(accounts.creditCard, date, owed, 'PAYMENT RECEIVED THANK YOU', 'TRANSFER');
    });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.account - b.account));
}

function budgetOf(categoryKey: string): BudgetCategory {
  if (categoryIdByKey[categoryKey] === undefined) throw new Error(`Unknown category ${categoryKey}`);
  if (['SALARY', 'INTEREST_INCOME', 'OTHER_INCOME'].includes(categoryKey)) return 'income';
  if (['RENT', 'MORTGAGE', 'GROCERIES', 'UTILITIES', 'TELCO', 'TRANSPORT'].includes(categoryKey))
    return 'living';
  if (categoryKey === 'SAVINGS_TRANSFER') return 'goals';
  if (['FEES', 'TRANSFER'].includes(categoryKey)) return 'one_off';
  return 'lifestyle';
}
