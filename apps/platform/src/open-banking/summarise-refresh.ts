import type { RefreshOutcome, SourcedAccountData } from './data-source.ts';

/**
 * One refresh's status from its accounts: all read is success (a closed account says so in the
 * sub-status); some read is partial_success, keeping the failures' sub-status (temporary, with the
 * holder's wait, when an answer asked for one); none read takes the first failure as the whole
 * refresh's, with the longest wait the holder asked for.
 */
export function summariseRefresh(accounts: readonly SourcedAccountData[]): RefreshOutcome {
  const failures = accounts.flatMap((entry) => (entry.failure ? [entry.failure] : []));
  const [firstFailure] = failures;
  // The longest wait any of the holder's answers asked for (`Retry-After`) is the refresh's.
  const waits = failures.flatMap((failure) =>
    failure.retryAfterMs === undefined ? [] : [failure.retryAfterMs],
  );
  if (firstFailure && failures.length === accounts.length) {
    return waits.length === 0 ? firstFailure : { ...firstFailure, retryAfterMs: Math.max(...waits) };
  }
  if (firstFailure) {
    return {
      providerAccountStatus: 'success',
      refreshStatus: 'partial_success',
      refreshSubStatus: firstFailure.refreshSubStatus,
      // Accounts left unread because the holder asked for a wait are read once it has passed
      // (backing off as any temporary failure), not a day later.
      ...(waits.length === 0 ? { temporary: false } : { temporary: true, retryAfterMs: Math.max(...waits) }),
    };
  }
  const closed = accounts.length > 0 && accounts.every((entry) => entry.account.accountStatus === 'closed');
  return {
    providerAccountStatus: 'success',
    refreshStatus: 'success',
    refreshSubStatus: closed ? 'account_closed' : null,
    temporary: false,
  };
}
