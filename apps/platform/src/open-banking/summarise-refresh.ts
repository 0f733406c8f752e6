import type { RefreshOutcome, SourcedAccountData } from './data-source.ts';

/**
 * One refresh's status from its accounts: all read is success (a closed account says so in the
 * sub-status); some read is partial_success, keeping the failures' sub-status; none read takes the
 * first failure as the whole refresh's, with the longest wait the holder asked for.
 */
export function summariseRefresh(accounts: readonly SourcedAccountData[]): RefreshOutcome {
  const failures = accounts.flatMap((entry) => (entry.failure ? [entry.failure] : []));
  const [firstFailure] = failures;
  if (firstFailure && failures.length === accounts.length) {
    // The longest wait any of the holder's answers asked for (`Retry-After`) is the refresh's.
    const waits = failures.flatMap((failure) =>
      failure.retryAfterMs === undefined ? [] : [failure.retryAfterMs],
    );
    return waits.length === 0 ? firstFailure : { ...firstFailure, retryAfterMs: Math.max(...waits) };
  }
  if (firstFailure) {
    return {
      providerAccountStatus: 'success',
      refreshStatus: 'partial_success',
      refreshSubStatus: firstFailure.refreshSubStatus,
      temporary: false,
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
