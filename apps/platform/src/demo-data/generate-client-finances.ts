import { addDays, addMonths, daysBetween } from '../aggregation/calendar-date.ts';
import { goalSettlingDays } from '../goals/goal-progress.ts';
import type { DemoAccount, DemoFinances, DemoGoal, DemoProviderAccount } from './demo-finances-types.ts';
import { usableDemoProviderNames } from './demo-providers.ts';
import { generateDemoTransactions, type TransactionAccounts } from './generate-demo-transactions.ts';
import type { Random } from './random.ts';

const employers = [
  'ACME PTY LTD',
  'HARBOURSIDE HEALTH',
  'NSW DEPT EDUCATION',
  'BLUEGUM CONSTRUCTIONS',
  'KOALA LOGISTICS',
];
const goalStatuses = ['unstarted', 'active', 'completed', 'finalising', 'failed', 'cancelled'] as const;

/** Refresh problems a connection may have, as (status, refresh status, sub-status). */
const problems: readonly [DemoProviderAccount['status'], string, string][] = [
  ['needs_action', 'relogin_required', 'invalid_credentials'],
  ['needs_action', 'input_required', 'mfa_needed'],
  ['needs_action', 'provider_site_action', 'accept_terms_conditions'],
  ['failed', 'temporary_failure', 'site_error'],
];

/**
 * One client's connections, accounts (2–8 of varied types), 12–24 months of transactions and
 * goals. `index` spreads goal statuses and refresh problems so that every value occurs per tenant.
 */
export function generateClientFinances(
  random: Random,
  index: number,
  today: string,
  fixedMonths?: number,
): DemoFinances {
  const drawnMonths = random.int(12, 24);
  const months = fixedMonths ?? drawnMonths;
  const range = { from: addMonths(today, -months), to: today };
  const providerAccounts: DemoProviderAccount[] = [];
  const accounts: DemoAccount[] = [];
  const connect = (providerName: string) => {
    const problem =
      index % 7 === 3 || (index % 11 === 5 && providerAccounts.length > 0)
        ? problems[index % problems.length]
        : undefined;
    providerAccounts.push({
      providerName,
      status: problem?.[0] ?? (index % 13 === 9 ? 'updating' : 'success'),
      refreshStatus: problem?.[1] ?? 'success',
      refreshSubStatus: problem?.[2] ?? null,
      lastRefreshed: addDays(today, -(problem ? random.int(3, 40) : random.int(0, 1))),
    });
    return providerAccounts.length - 1;
  };
  const open = (
    providerAccount: number,
    account: Omit<DemoAccount, 'providerAccount' | 'number' | 'bsb' | 'holder'>,
  ) => {
    const banked = account.container === 'bank';
    accounts.push({
      ...account,
      providerAccount,
      holder: index % 17 === 4 ? 'business' : index % 19 === 6 ? 'trust' : 'individual',
      number: `${random.int(10, 99)}XXXX${random.int(100, 999)}`,
      bsb: banked
        ? `${random.int(0, 999).toString().padStart(3, '0')}-${random.int(0, 999).toString().padStart(3, '0')}`
        : null,
    });
    return accounts.length - 1;
  };

  const mainBank = connect(random.pick(usableDemoProviderNames));
  const slots: TransactionAccounts = { everyday: -1, savings: -1, creditCard: -1, mortgage: -1 };
  slots.everyday = open(mainBank, {
    name: 'Everyday Account',
    container: 'bank',
    type: 'bank_account',
    balanceCents: 0,
    hasAvailable: true,
  });
  slots.savings = open(mainBank, {
    name: 'NetBank Saver',
    container: 'bank',
    type: 'savings',
    balanceCents: random.int(500, 30_000) * 100,
    hasAvailable: true,
  });
  const owner = random.chance(0.45);
  if (random.chance(0.6))
    slots.creditCard = open(mainBank, {
      name: 'Low Rate Mastercard',
      container: 'credit_card',
      type: 'credit_card',
      balanceCents: 0,
      hasAvailable: true,
    });
  if (owner) {
    slots.mortgage = open(mainBank, {
      name: 'Home Loan',
      container: 'loan',
      type: random.pick(['mortgage_variable', 'mortgage_fixed'] as const),
      balanceCents: -random.int(250_000, 750_000) * 100,
      hasAvailable: false,
    });
    if (random.chance(0.5))
      open(mainBank, {
        name: 'Offset Account',
        container: 'bank',
        type: 'offset',
        balanceCents: random.int(2_000, 60_000) * 100,
        hasAvailable: true,
      });
  }
  if (random.chance(0.5)) {
    const second = connect(random.pick(usableDemoProviderNames));
    open(
      second,
      random.pick([
        {
          name: 'Car Loan',
          container: 'loan',
          type: 'car_loan',
          balanceCents: -random.int(8_000, 45_000) * 100,
          hasAvailable: false,
        },
        {
          name: 'Personal Loan',
          container: 'loan',
          type: 'personal',
          balanceCents: -random.int(3_000, 20_000) * 100,
          hasAvailable: false,
        },
        {
          name: 'Term Deposit',
          container: 'bank',
          type: 'term_deposit',
          balanceCents: random.int(5_000, 50_000) * 100,
          hasAvailable: false,
        },
      ] as const),
    );
  }
  if (random.chance(0.5))
    open(connect('AustralianSuper'), {
      name: 'Balanced Option',
      container: 'investment',
      type: 'super_annuation',
      balanceCents: random.int(20_000, 320_000) * 100,
      hasAvailable: false,
    });
  const stressed = index % 6 === 5;
  const payDollars = stressed ? random.int(1_300, 1_800) : random.int(2_400, 5_200);
  // Housing costs a monthly share of pay: about a quarter to two fifths, more for stressed clients.
  const housingShare = stressed ? random.int(95, 115) : random.int(50, 85);
  const profile = {
    fortnightlyPayCents: payDollars * 100,
    employer: random.pick(employers),
    housing: owner ? ('mortgage' as const) : ('rent' as const),
    housingCents: Math.round((payDollars * housingShare) / 100) * 100,
    gambler: index % 5 === 2,
    bnpl: index % 3 === 1,
    stressed,
  };
  if (profile.bnpl && random.chance(0.5))
    open(connect('Afterpay'), {
      name: 'Afterpay',
      container: 'credit_card',
      type: 'store_card',
      balanceCents: -random.int(50, 900) * 100,
      hasAvailable: true,
    });
  const transactions = generateDemoTransactions(random, slots, profile, range);
  for (const transaction of transactions) {
    const account = accounts[transaction.account];
    // The current balance holds what has posted, as a holder's does (CDS currentBalance): a pending
    // purchase is not in it yet, and no document walks a balance back by one.
    if (account && !transaction.pending) account.balanceCents += transaction.cents;
  }
  const everyday = accounts[slots.everyday];
  if (everyday) everyday.balanceCents += random.int(300, 4_000) * 100;
  return {
    providerAccounts,
    accounts,
    transactions,
    goals: generateGoals(random, index, today, slots.savings),
  };
}

/** What people save for, with a believable target range in dollars. */
const goalKinds = [
  { name: 'Emergency fund', minDollars: 5_000, maxDollars: 20_000 },
  { name: 'Holiday to Bali', minDollars: 3_000, maxDollars: 9_000 },
  { name: 'House deposit', minDollars: 40_000, maxDollars: 150_000 },
  { name: 'New car', minDollars: 15_000, maxDollars: 45_000 },
  { name: 'Wedding', minDollars: 15_000, maxDollars: 40_000 },
  { name: 'Renovation', minDollars: 10_000, maxDollars: 60_000 },
] as const;

const daysPerPeriod = { weekly: 7, fortnightly: 14, monthly: 365.25 / 12 } as const;

/**
 * One to three goals in the status `index` picks, on the account at index `savings` (-1: none
 * yet). The amounts agree with each other: the period amount reaches the target by the end date,
 * and what is saved so far is about the periods gone by, at that amount.
 */
export function generateGoals(random: Random, index: number, today: string, savings: number): DemoGoal[] {
  const count = 1 + (index % 3);
  return Array.from({ length: count }, (_, n) => {
    const status = goalStatuses[(index + n) % goalStatuses.length] ?? 'active';
    let startDate =
      status === 'unstarted' ? addDays(today, random.int(3, 30)) : addMonths(today, -random.int(2, 14));
    const kind = random.pick(goalKinds);
    const targetCents = random.int(kind.minDollars / 500, kind.maxDollars / 500) * 50_000;
    const frequency = random.pick(['weekly', 'fortnightly', 'monthly'] as const);
    const months = random.int(12, 36);
    let endDate = addMonths(startDate, months);
    // A finalising goal ended in the last few days (goals/goal-progress.ts, `goalSettlingDays`).
    if (status === 'finalising') {
      endDate = addDays(today, -1 - (index % goalSettlingDays));
      startDate = addMonths(endDate, -months);
    }
    const periods = Math.max(1, Math.floor(daysBetween(startDate, endDate) / daysPerPeriod[frequency]));
    const periodCents = Math.ceil(targetCents / periods / 100) * 100;
    const elapsed = Math.max(0, Math.floor(daysBetween(startDate, today) / daysPerPeriod[frequency]));
    const saved = Math.round(elapsed * periodCents * (0.8 + random.next() * 0.3));
    const done = status === 'completed';
    return {
      name: kind.name,
      account: savings,
      target: random.pick(['amount', 'date', 'open_ended', 'current_balance'] as const),
      frequency,
      status,
      startDate,
      endDate,
      targetCents,
      periodCents,
      currentCents: done
        ? targetCents
        : status === 'unstarted'
          ? 0
          : Math.min(saved, Math.floor(targetCents * 0.95)),
    };
  });
}
