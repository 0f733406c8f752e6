import type { HolderAccount } from './holder-account.ts';
import type { LedgerTransaction } from './holder-data.ts';

export interface AccountBalance {
  currentCents: number;
  availableCents: number;
  creditLimitCents: number;
}

/**
 * Current = opening + posted; pending debits already reduce what is available. Cards make their
 * unused limit available; loans have no redraw here; a closed account holds nothing.
 */
export function getAccountBalance(
  account: HolderAccount,
  transactions: readonly LedgerTransaction[],
): AccountBalance {
  if (account.openStatus === 'CLOSED') return { currentCents: 0, availableCents: 0, creditLimitCents: 0 };
  let currentCents = account.openingBalanceCents;
  let pendingDebits = 0;
  for (const transaction of transactions) {
    if (transaction.status === 'POSTED') currentCents += transaction.amountCents;
    else if (transaction.amountCents < 0) pendingDebits += transaction.amountCents;
  }
  const { kind, creditLimitCents } = account;
  if (kind === 'credit_card') {
    return {
      currentCents,
      availableCents: Math.max(0, creditLimitCents + currentCents + pendingDebits),
      creditLimitCents,
    };
  }
  if (account.definition.isLiability || kind === 'term_deposit')
    return { currentCents, availableCents: 0, creditLimitCents };
  return { currentCents, availableCents: currentCents + pendingDebits, creditLimitCents };
}
