import { describe, expect, it } from 'vitest';
import { filterProviders, type ProviderListItem, parseProviders } from './provider-status.ts';

const providers: ProviderListItem[] = [
  { name: 'westpac', status: 'supported', image_url: '/w.png' },
  { name: 'ANZ', status: 'supported' },
  { name: 'Commonwealth Bank', status: 'outage' },
  { name: 'bendigo', status: 'outage' },
  { name: 'Beyond Bank', status: 'beta' },
];

describe('parseProviders', () => {
  it('takes an array or a JSON string of one', () => {
    expect(parseProviders(providers)).toHaveLength(5);
    expect(parseProviders(JSON.stringify(providers))).toEqual(providers);
  });

  it.each([['not json'], ['{"name":"x"}'], [42], [null], [[{ name: 1 }, 'x']]])(
    'treats %j as an empty list',
    (input) => {
      expect(parseProviders(input)).toEqual([]);
    },
  );
});

describe('filterProviders', () => {
  it('puts outages first, then sorts by name ignoring case', () => {
    expect(filterProviders(providers, '', 'all').map((p) => p.name)).toEqual([
      'bendigo',
      'Commonwealth Bank',
      'ANZ',
      'Beyond Bank',
      'westpac',
    ]);
  });

  it('searches names case-insensitively by substring', () => {
    expect(filterProviders(providers, 'BAN', 'all').map((p) => p.name)).toEqual([
      'Commonwealth Bank',
      'Beyond Bank',
    ]);
  });

  it('matches the status exactly unless all', () => {
    expect(filterProviders(providers, '', 'outage').map((p) => p.name)).toEqual([
      'bendigo',
      'Commonwealth Bank',
    ]);
    expect(filterProviders(providers, '', 'supported').map((p) => p.name)).toEqual(['ANZ', 'westpac']);
    expect(filterProviders(providers, 'zzz', 'all')).toEqual([]);
  });
});
