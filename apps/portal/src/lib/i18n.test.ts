import { describe, expect, it } from 'vitest';
import { addStrings, i18n, type TranslationKey, translate } from './i18n.ts';

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

describe('translate', () => {
  it("fills the string's places from the values", () => {
    expect(translate('app.documentTitle', { pageTitle: 'Dashboard', tenantName: 'MoneyPartner' })).toBe(
      'Dashboard - MoneyPartner Adviser Portal',
    );
  });

  it('leaves a place with no value as it is, and reads a key with no string as itself', () => {
    expect(translate('auth.login.heading')).toBe('Sign in to {{tenantName}}');
    expect(translate('no.such.string' as TranslationKey)).toBe('no.such.string');
    expect(translate('auth.login' as TranslationKey)).toBe('auth.login');
  });

  it("reads an area's strings once they are added", () => {
    const key = 'i18nTestArea.greeting' as TranslationKey;
    expect(translate(key, { name: 'Sam' })).toBe(key);
    addStrings({ i18nTestArea: { greeting: 'Hello, {{name}}' } });
    expect(translate(key, { name: 'Sam' })).toBe('Hello, Sam');
  });
});
