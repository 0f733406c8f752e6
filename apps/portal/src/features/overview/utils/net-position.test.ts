import { describe, expect, it } from 'vitest';
import { buildAccount } from '../../../testing/build-client-data.ts';
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

  it('leaves out excluded accounts and credit scores', () => {
    const accounts = [
      buildAccount({ id: 1, included: false }),
      buildAccount({
        id: 3,
        account_attributes: { container: 'credit_score', account_type: 'credit_score' },
        current_balance: { amount: '780.00', currency: 'AUD' },
      }),
    ];
    expect(netPosition(accounts)).toEqual({ assetsCents: 0, liabilitiesCents: 0, netCents: 0 });
  });

  it('counts an included account the client hid, as the passport and the reports do', () => {
    const accounts = [
      buildAccount({ id: 1, current_balance: { amount: '100.00', currency: 'AUD' } }),
      buildAccount({ id: 2, hidden: true, current_balance: { amount: '250.50', currency: 'AUD' } }),
      buildAccount({ id: 3, hidden: true, current_balance: { amount: '-40.00', currency: 'AUD' } }),
      buildAccount({ id: 4, hidden: true, included: false }),
    ];
    expect(netPosition(accounts)).toEqual({ assetsCents: 35050, liabilitiesCents: 4000, netCents: 31050 });
  });
});
