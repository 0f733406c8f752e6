import type { AggregatorType, Container, ProviderStatus } from '@waratah/contracts';

export interface DemoProvider {
  name: string;
  status: ProviderStatus;
  containers: Container[];
  aggregator: AggregatorType;
  popular: boolean;
  /** What a client holds at this provider: account types by container. */
  kind: 'bank' | 'bnpl' | 'super' | 'manual';
}

const bank = (name: string, status: ProviderStatus = 'supported', popular = false): DemoProvider => ({
  name,
  status,
  containers: ['bank', 'credit_card', 'loan'],
  aggregator: 'cdr',
  popular,
  kind: 'bank',
});

/** The demo provider list (spec §4, §9): mostly supported, two in outage, a few beta or not yet available. */
export const demoProviders: readonly DemoProvider[] = [
  bank('Commonwealth Bank', 'supported', true),
  bank('Westpac', 'supported', true),
  bank('ANZ', 'outage', true),
  bank('NAB', 'supported', true),
  bank('ING', 'supported'),
  bank('Macquarie Bank', 'supported'),
  bank('Bendigo Bank', 'outage'),
  bank('Bank of Queensland', 'beta'),
  bank('Suncorp Bank', 'supported'),
  bank('St.George Bank', 'supported'),
  bank('Up', 'supported'),
  bank('ME Bank', 'coming_soon'),
  bank('Heritage Bank', 'unsupported'),
  {
    name: 'Afterpay',
    status: 'supported',
    containers: ['credit_card'],
    aggregator: 'cdr',
    popular: false,
    kind: 'bnpl',
  },
  {
    name: 'Zip',
    status: 'beta',
    containers: ['credit_card'],
    aggregator: 'cdr',
    popular: false,
    kind: 'bnpl',
  },
  {
    name: 'AustralianSuper',
    status: 'supported',
    containers: ['investment'],
    aggregator: 'demo',
    popular: false,
    kind: 'super',
  },
  {
    name: 'Manual assets',
    status: 'supported',
    containers: ['asset'],
    aggregator: 'manual',
    popular: false,
    kind: 'manual',
  },
];

export const usableDemoProviderNames = demoProviders
  .filter(
    (provider) =>
      provider.kind === 'bank' && provider.status !== 'coming_soon' && provider.status !== 'unsupported',
  )
  .map((provider) => provider.name);
