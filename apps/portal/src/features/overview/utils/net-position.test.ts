import { describe, expect, it } from 'vitest';
import { buildAccount } from '../../client-details/testing/build-client-data.ts';
import { netPosition } from './net-position.ts';

describe('netPosition', () => {
  it('adds positive balances to assets and negative ones to liabilities, exactly', () => {
    const accounts = [
      buildAccount({ id: 1, current_balance: { amount: '1000.10', currency: 'AUD' } }),
      buildAccount({ id: 2, current_balance: { amount: '0.20', currency: 'AUD' } }),
      buildAccount({ id: 3, current_balance: { amount: '-350000.00', currency: 'AUD' } }),
    ];
    expect(netPosition(accounts)).toEqual({
      assetsCents: 100030,
      liabilitiesCents: 35000000,
      netCents: 100030 - 35000000,
    });
  });

  it('leaves out excluded and hidden accounts and credit scores', () => {
    const accounts = [
      buildAccount({ id: 1, included: false }),
      buildAccount({ id: 2, hidden: true }),
      buildAccount({
        id: 3,
        account_attributes: { container: 'credit_score', account_type: 'credit_score' },
        current_balance: { amount: '780.00', currency: 'AUD' },
      }),
    ];
    expect(netPosition(accounts)).toEqual({ assetsCents: 0, liabilitiesCents: 0, netCents: 0 });
  });
});
