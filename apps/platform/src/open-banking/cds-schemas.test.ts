import { describe, expect, it } from 'vitest';
import { cdsTransactionSchema } from './cds-schemas.ts';

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
});
