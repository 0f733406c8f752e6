import type { AccountPlan, CustomerProfile } from './customer-profile.ts';
import { employers, firstNames, lastNames } from './people.ts';
import { createSeededRandom } from './seeded-random.ts';

/**
 * The platform demo's clients as customers of the holder's banks (`npm start` seeds them through
 * the open-banking refresh, docs/demo-data.md). A demo customer id is `demo-{person}-{role}`:
 * the person's traits (name, pay, housing, BNPL, betting, overdrawing) come from a seed of
 * `{person}` alone, so the same person banks the same way at every bank; the role says what they
 * hold at this bank:
 *
 * - `main`: the everyday account their pay goes into, savings, often a credit card, and for home
 *   owners a variable or fixed home loan, sometimes with an offset account;
 * - `loan`: a car loan, a personal loan or a term deposit;
 * - `card`: a credit card.
 *
 * They spend less often than the holder's other generated customers (`activity`), so the demo has
 * about as many transactions as a year or two of an adviser's client, not a busy household's.
 */
export const demoCustomerRoles = ['main', 'loan', 'card'] as const;
export type DemoCustomerRole = (typeof demoCustomerRoles)[number];

const pattern = /^demo-([a-z0-9-]+)-(main|loan|card)$/;

/** The holder customer id of a demo person's connection to one bank. */
export function demoCustomerId(person: string, role: DemoCustomerRole): string {
  const id = `demo-${person}-${role}`;
  if (!pattern.test(id))
    throw new Error(`${person} is not a demo person id (lower-case letters, digits, hyphens)`);
  return id;
}

/** The profile of a demo customer id at a bank; undefined for any other id. */
export function demoCustomerProfile(bankId: string, customerId: string): CustomerProfile | undefined {
  const match = pattern.exec(customerId);
  const person = match?.[1];
  const role = match?.[2] as DemoCustomerRole | undefined;
  if (!person || !role) return undefined;
  const random = createSeededRandom(`demo:${person}`);
  const housing = random.chance(0.45) ? 'mortgage' : 'rent';
  const traits = {
    customerUType: 'person' as const,
    firstName: random.pick(firstNames),
    lastName: random.pick(lastNames),
    employer: random.pick(employers),
    salaryCents: random.int(150_000, 480_000),
    housing,
    gambles: random.chance(0.2),
    usesBuyNowPayLater: random.chance(0.35),
    overdraws: random.chance(0.15),
    activity: 0.18 + random.int(0, 8) / 100,
  } satisfies Omit<CustomerProfile, 'bankId' | 'customerId' | 'accounts'>;
  // What the person holds at this bank: a seed of person and bank, so each bank differs.
  const atBank = createSeededRandom(`demo:${person}:${bankId}:${role}`);
  const accounts: AccountPlan[] = [];
  if (role === 'main') {
    accounts.push({ kind: 'everyday' }, { kind: 'savings' });
    if (atBank.chance(0.6)) accounts.push({ kind: 'credit_card' });
    if (housing === 'mortgage') {
      accounts.push({ kind: atBank.chance(0.5) ? 'mortgage' : 'fixed_mortgage' });
      if (atBank.chance(0.5)) accounts.push({ kind: 'offset' });
    }
  } else if (role === 'loan') {
    accounts.push({ kind: atBank.pick(['car_loan', 'personal_loan', 'term_deposit'] as const) });
  } else {
    accounts.push({ kind: 'credit_card' });
  }
  return { ...traits, bankId, customerId, accounts };
}
