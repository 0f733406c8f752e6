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

/** Which transactions a pull reads: from `oldestTime` to `newestTime` (the pull's time, default now). */
export interface PullWindow {
  oldestTime: Date;
  newestTime?: Date;
  /**
   * An account none of whose transactions the platform holds yet (new to the consent, or its
   * first read failed) is read from `oldestTime` here instead: the first refresh's 730 days, not
   * the two weeks before the connection's last full refresh. Absent: every account from the above.
   */
  firstRead?: { oldestTime: Date; accountsHeld: ReadonlySet<string> };
}
