import { describe, expect, it } from 'vitest';
import { accountTypeLabel, accountTypeLabels } from './account-type-labels.ts';
import { accountTypes } from './aggregation-enums.ts';

describe('the account types in words', () => {
  it('names every account type, each differently', () => {
    for (const type of accountTypes) expect(accountTypeLabels[type], type).toMatch(/^[A-Z]/);
    expect(new Set(Object.values(accountTypeLabels)).size).toBe(accountTypes.length);
    expect(Object.keys(accountTypeLabels).sort()).toEqual([...accountTypes].sort());
  });

  it('reads as the portal always has, for the PDFs too', () => {
    expect(accountTypeLabel('super_annuation')).toBe('Superannuation');
    expect(accountTypeLabel('p2p_lending')).toBe('Peer-to-peer lending');
    expect(accountTypeLabel('credit_score')).toBe('Credit score');
    expect(accountTypeLabel('mortgage_variable')).toBe('Mortgage (variable)');
    expect(accountTypeLabel('savings')).toBe('Savings account');
    // A type the list does not know, and no key of an object's prototype.
    expect(accountTypeLabel('crypto_wallet')).toBe('crypto wallet');
    expect(accountTypeLabel('constructor')).toBe('constructor');
  });
});
