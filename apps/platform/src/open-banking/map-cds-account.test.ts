import { describe, expect, it } from 'vitest';
import type { CdsAccount } from './cds-schemas.ts';
import { mapCdsAccount } from './map-cds-account.ts';

const account = (productCategory: string, productName = 'Product'): CdsAccount => ({
  accountId: 'a1',
  displayName: 'My account',
  openStatus: 'OPEN',
  isOwned: true,
  maskedNumber: 'xxxx 1234',
  productCategory,
  productName,
});

describe('mapCdsAccount', () => {
  it('stores a name, nickname and masked number of more than 1,000 characters cut to 1,000', () => {
    const long = `My account ${'X'.repeat(20_000)}`;
    const mapped = mapCdsAccount(
      { ...account('TRANS_AND_SAVINGS_ACCOUNTS'), displayName: long, nickname: long, maskedNumber: long },
      undefined,
      'person',
    );
    expect(mapped.accountName).toBe(`${long.slice(0, 999)}…`);
    expect(mapped.nickName).toBe(`${long.slice(0, 999)}…`);
    expect(mapped.accountNumber).toBe(`${long.slice(0, 999)}…`);
  });

  it.each([
    ['TRANS_AND_SAVINGS_ACCOUNTS', 'Everyday Account', 'bank', 'bank_account'],
    ['TRANS_AND_SAVINGS_ACCOUNTS', 'Bonus Saver', 'bank', 'savings'],
    ['TERM_DEPOSITS', 'Term Deposit', 'bank', 'term_deposit'],
    ['CRED_AND_CHRG_CARDS', 'Visa', 'credit_card', 'credit_card'],
    ['TRANS_AND_SAVINGS_ACCOUNTS', 'Harbour Mortgage Offset Account', 'bank', 'offset'],
    ['RESIDENTIAL_MORTGAGES', 'Home Loan', 'loan', 'mortgage'],
    ['RESIDENTIAL_MORTGAGES', 'Harbour Fixed Rate Home Loan', 'loan', 'mortgage_fixed'],
    ['PERS_LOANS', 'Harbour Car Loan', 'loan', 'car_loan'],
    ['PERS_LOANS', 'Personal Loan', 'loan', 'personal'],
    ['BUSINESS_LOANS', 'Business Loan', 'loan', 'business_loan'],
    ['SOMETHING_NEW', 'Mystery', 'unknown', 'other'],
  ])('maps %s (%s) to %s / %s', (category, name, container, accountType) => {
    expect(mapCdsAccount(account(category, name), undefined, 'person')).toMatchObject({
      container,
      accountType,
    });
  });

  it('takes balances, status and holder type', () => {
    const mapped = mapCdsAccount(
      { ...account('CRED_AND_CHRG_CARDS'), openStatus: 'CLOSED' },
      { accountId: 'a1', currentBalance: '-1500.5', availableBalance: '8499.50', currency: 'AUD' },
      'organisation',
    );
    expect(mapped).toMatchObject({
      externalId: 'a1',
      accountStatus: 'closed',
      holderType: 'business',
      currentBalance: '-1500.50',
      availableBalance: '8499.50',
      accountNumber: 'xxxx 1234',
    });
  });

  it('marks an account the balances left out, so a refresh keeps its stored balance', () => {
    expect(mapCdsAccount(account('TRANS_AND_SAVINGS_ACCOUNTS'), undefined, 'person')).toMatchObject({
      currentBalance: '0.00',
      balanceMissing: true,
    });
    const known = mapCdsAccount(
      account('TRANS_AND_SAVINGS_ACCOUNTS'),
      { accountId: 'a1', currentBalance: '10.00', availableBalance: '10.00', currency: 'AUD' },
      'person',
    );
    expect(known).not.toHaveProperty('balanceMissing');
  });
});
