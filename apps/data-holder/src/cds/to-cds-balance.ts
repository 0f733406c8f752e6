import type { AccountBalance } from '../data/account-balance.ts';
import { formatAmount } from './amount-string.ts';

/** BankingBalance. */
export function toCdsBalance(accountId: string, balance: AccountBalance) {
  return {
    accountId,
    currentBalance: formatAmount(balance.currentCents),
    availableBalance: formatAmount(balance.availableCents),
    creditLimit: formatAmount(balance.creditLimitCents),
    amortisedLimit: '0.00',
    currency: 'AUD',
  };
}
