import { addDays, addMonths } from '../aggregation/calendar-date.ts';
import type { ConsentStatus } from '../db/database-schema.ts';
import { demoClientCount } from './demo-constants.ts';
import type { DemoFinances } from './demo-finances-types.ts';
import { generateClientFinances, generateGoals } from './generate-client-finances.ts';
import { createRandom } from './random.ts';

export interface DemoAdviser {
  email: string;
  givenName: string;
  familyName: string;
  /** The practice; null for an adviser still registering (no party yet). */
  party: { name: string; status: 'enabled' | 'disabled' | 'unverified'; profession: string } | null;
}

export interface DemoClient {
  email: string;
  givenName: string;
  familyName: string;
  mobile: string;
  consent: { status: ConsentStatus; start: string | null; expiry: string | null };
  finances: DemoFinances;
}

export interface DemoTenant {
  advisers: DemoAdviser[];
  /** Linked to the first adviser's party. */
  clients: DemoClient[];
}

const givenNames = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Oliver',
  'Mia',
  'Thomas',
  'Chloe',
  'Lachlan',
  'Ava',
  'Cooper',
  'Grace',
  'Harrison',
  'Zoe',
  'Ethan',
  'Ruby',
  'Liam',
  'Priya',
  'Wei',
  'Aroha',
  'Mohammed',
];
const familyNames = [
  'Smith',
  'Nguyen',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Tran',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Patel',
];

/** Every consent status, with a share of active consents that expire within 30 days. */
function consentFor(
  index: number,
  today: string,
  random: ReturnType<typeof createRandom>,
): DemoClient['consent'] {
  const kind = index % 10;
  if (kind === 7) return { status: 'pending', start: null, expiry: null };
  if (kind === 8) {
    const start = addMonths(today, -random.int(13, 20));
    return { status: 'expired', start, expiry: addMonths(start, 12) };
  }
  const start =
    index % 7 === 0
      ? addDays(addMonths(today, -12), random.int(3, 28))
      : addDays(today, -random.int(10, 300));
  const status: ConsentStatus = kind === 6 ? 'in_use' : kind === 9 ? 'withdrawn' : 'active';
  return { status, start, expiry: addMonths(start, 12) };
}

/** One demo client: a name, a consent of the status `index` picks, and finances. */
export function generateDemoClient(
  random: ReturnType<typeof createRandom>,
  index: number,
  options: {
    today: string;
    emailDomain: string;
    emailPrefix?: string;
    months?: number;
    /**
     * 'written' (default): generated finances written as they are (scale seeds, tests).
     * 'holder': only goals; the bank data comes from the data holder (`connect-demo-clients.ts`).
     */
    finances?: 'written' | 'holder';
  },
): DemoClient {
  const givenName = givenNames[index % givenNames.length] ?? 'Sam';
  const familyName = familyNames[(index * 7) % familyNames.length] ?? 'Citizen';
  return {
    email:
      `${options.emailPrefix ?? ''}${givenName}.${familyName}.${index + 1}@${options.emailDomain}`.toLowerCase(),
    givenName,
    familyName,
    mobile: `+61 4${String(random.int(10_000_000, 99_999_999))}`,
    consent: consentFor(index, options.today, random),
    finances:
      options.finances === 'holder'
        ? {
            providerAccounts: [],
            accounts: [],
            transactions: [],
            goals: generateGoals(random, index, options.today, -1),
          }
        : generateClientFinances(random, index, options.today, options.months),
  };
}

/**
 * The people of one demo tenant: an enabled adviser with its clients, an unverified and a disabled
 * adviser, and one still registering. Seeded by the tenant's id, so each tenant differs and each
 * run is the same.
 */
export function generateDemoTenant(
  tenantId: string,
  today: string,
  clientCount = demoClientCount,
  months?: number,
  finances: 'written' | 'holder' = 'written',
): DemoTenant {
  const random = createRandom(
    [...tenantId].reduce(
      (hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16777619),
      2166136261,
    ),
  );
  const domain = `${tenantId}.example`;
  const advisers: DemoAdviser[] = [
    {
      email: `adviser@${domain}`,
      givenName: 'Alex',
      familyName: 'Harbour',
      party: { name: 'Harbour Wealth Partners', status: 'enabled', profession: 'advisor' },
    },
    {
      email: `unverified@${domain}`,
      givenName: 'Uma',
      familyName: 'Verity',
      party: { name: 'Verity Home Loans', status: 'unverified', profession: 'broker' },
    },
    {
      email: `disabled@${domain}`,
      givenName: 'Dan',
      familyName: 'Closed',
      party: { name: 'Closed Accounting', status: 'disabled', profession: 'accountant' },
    },
    { email: `registering@${domain}`, givenName: 'Riley', familyName: 'Newcombe', party: null },
  ];
  const clients = Array.from({ length: clientCount }, (_, index) =>
    generateDemoClient(random, index, {
      today,
      emailDomain: domain,
      finances,
      ...(months === undefined ? {} : { months }),
    }),
  );
  return { advisers, clients };
}
