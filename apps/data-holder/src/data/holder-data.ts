import type { HolderClock } from '../holder-clock.ts';
import type { Bank } from './banks.ts';
import { getCustomerProfile } from './customer-profile.ts';
import { generateAccounts } from './generate-accounts.ts';
import { generateLedger, type LedgerEntry } from './generate-ledger.ts';
import type { HolderAccount } from './holder-account.ts';

export interface LedgerTransaction extends LedgerEntry {
  status: 'PENDING' | 'POSTED';
  /** When it counts for filters and order: posting time once posted, execution time while pending. */
  effectiveAt: number;
}

export interface HolderData {
  accounts(bank: Bank, customerId: string): HolderAccount[];
  /** What the account shows at the holder's current time, newest first. */
  transactions(account: HolderAccount): LedgerTransaction[];
}

const cacheLimit = 64;
const viewLimit = 8;

/**
 * Generation is pure, so results are cached by account and day; the cache is bounded because any
 * customer id is a valid customer.
 */
export function createHolderData(clock: HolderClock): HolderData {
  const ledgers = new Map<string, LedgerEntry[]>();
  const ledgerFor = (account: HolderAccount, now: Date): LedgerEntry[] => {
    const key = `${account.accountId}:${now.toISOString().slice(0, 10)}`;
    const cached = ledgers.get(key);
    if (cached) return cached;
    const ledger = generateLedger(account, now);
    if (ledgers.size >= cacheLimit) ledgers.delete(ledgers.keys().next().value ?? '');
    ledgers.set(key, ledger);
    return ledger;
  };
  // The view at one instant (statuses, order) is asked for once per page and for the balance; keep the last few.
  const views = new Map<string, LedgerTransaction[]>();
  return {
    accounts: (bank, customerId) => generateAccounts(bank, getCustomerProfile(bank.id, customerId)),
    transactions(account) {
      const now = clock.now();
      const time = now.getTime();
      const key = `${account.accountId}:${time}`;
      const cached = views.get(key);
      if (cached) return cached;
      const view = ledgerFor(account, now)
        .filter((entry) => entry.executedAt <= time)
        .map((entry): LedgerTransaction => {
          const posted = entry.postedAt <= time;
          return {
            ...entry,
            status: posted ? 'POSTED' : 'PENDING',
            effectiveAt: posted ? entry.postedAt : entry.executedAt,
          };
        })
        .sort((a, b) => b.effectiveAt - a.effectiveAt || a.transactionId.localeCompare(b.transactionId));
      if (views.size >= viewLimit) views.delete(views.keys().next().value ?? '');
      views.set(key, view);
      return view;
    },
  };
}
