import type { Account, Container } from '@waratah/contracts';
import { toCents } from '../../../lib/cents.ts';

export interface NetPosition {
  assetsCents: number;
  liabilitiesCents: number;
  netCents: number;
}

/** A credit score is a number, not money, so it never counts towards the client's position. */
const notMoney: readonly Container[] = ['credit_score'];

/**
 * The accounts that count: included in the client's totals, and holding money. Hidden or not:
 * `hidden` only keeps an account off the client's screens, `included` decides the totals, as the
 * platform's passport, the account-balance summary and the budget reports count them (before
 * 2026-12-03 a hidden account was left out here, so one client had two net positions).
 */
export function countedAccounts(accounts: readonly Account[]): Account[] {
  return accounts.filter(
    (account) => account.included && !notMoney.includes(account.account_attributes.container),
  );
}

/**
 * What the client owns and owes: balances are signed on the wire (a debt is negative), so assets
 * are the positive balances and liabilities the negative ones, summed in whole cents.
 */
export function netPosition(accounts: readonly Account[]): NetPosition {
  let assetsCents = 0;
  let liabilitiesCents = 0;
  for (const account of countedAccounts(accounts)) {
    const cents = toCents(account.current_balance.amount);
    if (cents >= 0) assetsCents += cents;
    else liabilitiesCents -= cents;
  }
  return { assetsCents, liabilitiesCents, netCents: assetsCents - liabilitiesCents };
}
