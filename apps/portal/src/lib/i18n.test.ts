import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';

describe('i18n plurals (spec §9)', () => {
  it.each([
    ['counts.clients', ['0 clients', '1 client', '5 clients']],
    ['counts.transactions', ['No transactions', '1 transaction', '5 transactions']],
    ['counts.accounts', ['No accounts', '1 account', '5 accounts']],
  ] as const)('%s reads zero | one | many', (key, expected) => {
    expect([0, 1, 5].map((count) => i18n.t(key, { count }))).toEqual(expected);
  });

  it.each([
    ['counts.clients', '10,000 clients'],
    ['counts.transactions', '100,000 transactions'],
    ['counts.accounts', '1,200 accounts'],
  ] as const)('%s groups the thousands as en-AU does', (key, expected) => {
    expect(i18n.t(key, { count: Number(expected.split(' ')[0]?.replaceAll(',', '')) })).toBe(expected);
  });

  it('speaks en-AU', () => {
    expect(i18n.language).toBe('en-AU');
  });
});
