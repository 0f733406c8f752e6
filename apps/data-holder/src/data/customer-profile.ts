import type { AccountKind } from './account-kinds.ts';
import { demoCustomerProfile } from './demo-customers.ts';
import { employers, firstNames, lastNames } from './people.ts';
import { createSeededRandom } from './seeded-random.ts';

export interface AccountPlan {
  kind: AccountKind;
  openStatus?: 'OPEN' | 'CLOSED';
  isOwned?: boolean;
  ownership?: 'ONE_PARTY' | 'TWO_PARTY';
}

interface ProfileTraits {
  customerUType: 'person' | 'organisation';
  firstName: string;
  lastName: string;
  /** For organisations: the business; the names above are then its agent's. */
  businessName?: string;
  employer: string;
  /** Net pay per fortnight, in cents. */
  salaryCents: number;
  housing: 'rent' | 'mortgage';
  gambles: boolean;
  usesBuyNowPayLater: boolean;
  /** Overdraws now and then, so dishonour fees appear. */
  overdraws: boolean;
  /** How busy the everyday and card accounts are: 1 (the default) is every discretionary purchase drawn. */
  activity?: number;
  accounts: AccountPlan[];
}

export interface CustomerProfile extends ProfileTraits {
  bankId: string;
  customerId: string;
}

/** Customers with fixed traits, so the README and the demo data can name them. */
export const knownCustomers: Record<string, ProfileTraits> = {
  'amelia-nguyen': {
    customerUType: 'person',
    firstName: 'Amelia',
    lastName: 'Nguyen',
    employer: 'Northside Aged Care',
    salaryCents: 198_000,
    housing: 'rent',
    gambles: true,
    usesBuyNowPayLater: true,
    overdraws: true,
    accounts: [{ kind: 'everyday' }, { kind: 'credit_card' }, { kind: 'personal_loan' }],
  },
  'james-oconnor': {
    customerUType: 'person',
    firstName: 'James',
    lastName: 'O\u2019Connor',
    employer: 'Parramatta City Council',
    salaryCents: 386_000,
    housing: 'mortgage',
    gambles: false,
    usesBuyNowPayLater: false,
    overdraws: false,
    accounts: [
      { kind: 'everyday' },
      { kind: 'savings', ownership: 'TWO_PARTY' },
      { kind: 'credit_card' },
      { kind: 'mortgage', ownership: 'TWO_PARTY' },
      { kind: 'term_deposit' },
      { kind: 'savings', openStatus: 'CLOSED' },
      { kind: 'everyday', isOwned: false },
    ],
  },
  'priya-sharma': {
    customerUType: 'person',
    firstName: 'Priya',
    lastName: 'Sharma',
    employer: 'Atlassian',
    salaryCents: 452_000,
    housing: 'rent',
    gambles: false,
    usesBuyNowPayLater: true,
    overdraws: false,
    accounts: [
      { kind: 'everyday' },
      { kind: 'savings' },
      { kind: 'term_deposit' },
      { kind: 'personal_loan' },
    ],
  },
  'coastal-coffee': {
    customerUType: 'organisation',
    firstName: 'Sam',
    lastName: 'Whitlam',
    businessName: 'Coastal Coffee Roasters Pty Ltd',
    employer: 'Coastal Coffee Roasters Pty Ltd',
    salaryCents: 0,
    housing: 'rent',
    gambles: false,
    usesBuyNowPayLater: false,
    overdraws: false,
    accounts: [{ kind: 'business_transaction' }, { kind: 'business_loan' }, { kind: 'credit_card' }],
  },
};

/** Any other customer id still gets a complete, stable person, drawn from a seed of bank and id. */
export function getCustomerProfile(bankId: string, customerId: string): CustomerProfile {
  const known = knownCustomers[customerId];
  if (known) return { ...known, bankId, customerId };
  const demo = demoCustomerProfile(bankId, customerId);
  if (demo) return demo;
  const random = createSeededRandom(`${bankId}:${customerId}:profile`);
  const housing = random.chance(0.4) ? 'mortgage' : 'rent';
  const accounts: AccountPlan[] = [{ kind: 'everyday' }, { kind: 'savings' }];
  if (random.chance(0.6)) accounts.push({ kind: 'credit_card' });
  if (housing === 'mortgage') accounts.push({ kind: 'mortgage' });
  if (random.chance(0.25)) accounts.push({ kind: 'personal_loan' });
  if (random.chance(0.25)) accounts.push({ kind: 'term_deposit' });
  return {
    bankId,
    customerId,
    customerUType: 'person',
    firstName: random.pick(firstNames),
    lastName: random.pick(lastNames),
    employer: random.pick(employers),
    salaryCents: random.int(180_000, 420_000),
    housing,
    gambles: random.chance(0.15),
    usesBuyNowPayLater: random.chance(0.3),
    overdraws: random.chance(0.1),
    accounts,
  };
}
