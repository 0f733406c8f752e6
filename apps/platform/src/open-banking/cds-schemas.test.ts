import { describe, expect, it } from 'vitest';
import { cdsAccountSchema, cdsBalanceSchema, cdsTransactionSchema } from './cds-schemas.ts';

const transaction = {
  accountId: 'a1',
  type: 'PAYMENT',
  status: 'POSTED',
  description: 'Coffee',
  reference: '',
  amount: '-4.50',
};

describe('the CDS answers the platform reads', () => {
  it('takes an amount of up to 12 whole digits, and text without a NUL', () => {
    expect(cdsTransactionSchema.safeParse({ ...transaction, amount: '-999999999999.99' }).success).toBe(true);
  });

  // Each would otherwise fail the store (numeric(14,2); PostgreSQL refuses NUL), on every refresh.
  it('refuses a larger amount, and a NUL in stored text, as an invalid answer', () => {
    expect(cdsTransactionSchema.safeParse({ ...transaction, amount: '1000000000000' }).success).toBe(false);
    // Rounded to the cent, it would carry into a 13th digit.
    expect(cdsTransactionSchema.safeParse({ ...transaction, amount: '999999999999.995' }).success).toBe(
      false,
    );
    expect(cdsTransactionSchema.safeParse({ ...transaction, description: 'Cof\0fee' }).success).toBe(false);
    expect(cdsTransactionSchema.safeParse({ ...transaction, merchantName: '\0' }).success).toBe(false);
  });

  // An id is kept in a unique index and sent back to the holder: it cannot be cut, and a few
  // kilobytes would pass PostgreSQL's limit on an index entry.
  it('refuses an id longer than 255 characters and a currency that is not an ISO 4217 code', () => {
    const long = 'i'.repeat(256);
    expect(cdsTransactionSchema.safeParse({ ...transaction, transactionId: 'i'.repeat(255) }).success).toBe(
      true,
    );
    expect(cdsTransactionSchema.safeParse({ ...transaction, transactionId: long }).success).toBe(false);
    expect(cdsTransactionSchema.safeParse({ ...transaction, accountId: long }).success).toBe(false);
    const account = {
      displayName: 'Everyday',
      maskedNumber: 'xxxx 1234',
      productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Everyday',
    };
    expect(cdsAccountSchema.safeParse({ ...account, accountId: 'a1' }).success).toBe(true);
    expect(cdsAccountSchema.safeParse({ ...account, accountId: long }).success).toBe(false);
    const balance = { accountId: 'a1', currentBalance: '1.00', availableBalance: '1.00' };
    expect(cdsBalanceSchema.parse(balance).currency).toBe('AUD');
    expect(cdsBalanceSchema.safeParse({ ...balance, currency: 'USD' }).success).toBe(true);
    expect(cdsBalanceSchema.safeParse({ ...balance, currency: 'aud' }).success).toBe(false);
    expect(cdsBalanceSchema.safeParse({ ...balance, currency: 'X'.repeat(5_000) }).success).toBe(false);
    expect(cdsTransactionSchema.safeParse({ ...transaction, currency: 'AUD ' }).success).toBe(false);
  });
});
