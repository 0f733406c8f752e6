import type {
  AccountStatus,
  AccountType,
  BaseType,
  Container,
  HolderType,
  ProviderAccountStatus,
  RefreshStatus,
  RefreshSubStatus,
  TransactionStatus,
} from '@waratah/contracts';

/** An account as a source delivers it, in the platform's terms (spec §3); money as decimal strings. */
export interface SourcedAccount {
  /** The source's own id (CDS accountId): the key a refresh matches on. */
  externalId: string;
  accountName: string;
  nickName: string | null;
  /** Masked, as the holder gives it. */
  accountNumber: string | null;
  container: Container;
  accountType: AccountType;
  holderType: HolderType;
  accountStatus: AccountStatus;
  currentBalance: string;
  availableBalance: string | null;
  currency: string;
  /**
   * True when the holder's balances left this account out: a new account is stored with 0.00, and
   * a known one keeps its balances and currency (before 2026-11-30 they became 0.00).
   */
  balanceMissing?: boolean;
}

export interface SourcedTransaction {
  /** The source's id; a pending transaction keeps it when it posts. */
  externalId: string;
  amount: string;
  currency: string;
  baseType: BaseType;
  status: TransactionStatus;
  /** YYYY-MM-DD in Australia/Sydney. */
  transactionDate: string;
  postDate: string | null;
  description: string;
  merchantName: string | null;
  merchantCategoryCode: string | null;
  reference: string | null;
}

export interface RefreshOutcome {
  providerAccountStatus: ProviderAccountStatus;
  refreshStatus: RefreshStatus;
  refreshSubStatus: RefreshSubStatus | null;
  /** Worth retrying later with back-off (timeouts, outages), as opposed to needing the client. */
  temporary: boolean;
  /** A temporary failure's wait the holder asked for (`Retry-After`), in milliseconds. */
  retryAfterMs?: number;
}

export interface SourcedAccountData {
  account: SourcedAccount;
  /** Undefined when this account's transactions could not be fetched (see `failure`). */
  transactions: SourcedTransaction[] | undefined;
  failure: RefreshOutcome | undefined;
}

/** What one pull from a source gives: every account it could read, and how the pull went overall. */
export interface DataSourcePull {
  accounts: SourcedAccountData[];
  outcome: RefreshOutcome;
}

/**
 * Where a provider account's data comes from: an open-banking data holder or an imported file.
 * A pull never writes; the refresh stores its result in one transaction, so a failed pull leaves
 * the previous data as it was.
 */
export interface DataSource {
  pull(window: PullWindow): Promise<DataSourcePull>;
}

/**
 * Which transactions a pull reads: each account's from its own oldest time to `newestTime` (the
 * pull's time, default now). An account `accountOldestTimes` does not name (one the platform does not
 * hold yet, or holds without a mark: new to the consent, never read, listed again after being left
 * out) is read from `oldestTime`, the first refresh's window.
 */
export interface PullWindow {
  oldestTime: Date;
  newestTime?: Date;
  /**
   * Each known account's oldest time, by the source's id (CDS accountId): 14 days before the last
   * pull that read its transactions (`accounts.transactions_synced_at`, migration 0035), never
   * before `oldestTime`. Until 2026-12-03 the connection had one window, from before the last pull
   * that read every account: one account whose transactions kept failing held every other back.
   */
  accountOldestTimes?: ReadonlyMap<string, Date>;
}

/** The oldest time a pull reads an account's transactions from (`PullWindow`). */
export function oldestTimeOf(window: PullWindow, externalId: string): Date {
  return window.accountOldestTimes?.get(externalId) ?? window.oldestTime;
}
