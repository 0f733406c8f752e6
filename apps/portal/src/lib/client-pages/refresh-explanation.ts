import type { RefreshStatusBody } from '@waratah/contracts';

export type RefreshExplanation =
  | { kind: 'subStatus'; key: NonNullable<RefreshStatusBody['additional_status']> }
  | { kind: 'status'; key: NonNullable<RefreshStatusBody['sub_status']> }
  | null;

/**
 * Which plain-words sentence explains a refresh: the most specific reason the platform gave (the
 * refresh sub-status), else the refresh status, and nothing for a clean, successful refresh.
 */
export function refreshExplanation(refresh: RefreshStatusBody): RefreshExplanation {
  if (refresh.additional_status) return { kind: 'subStatus', key: refresh.additional_status };
  if (refresh.sub_status && refresh.sub_status !== 'success')
    return { kind: 'status', key: refresh.sub_status };
  return null;
}

/**
 * A connection the client has to do something about before its data is fresh again: the
 * platform's `needs_action`, as the client list counts them. A failed refresh is not the client's
 * to fix (before 2026-12-03 it was said to be): a temporary failure, the bank down or slow, is
 * retried by the platform itself (docs/open-banking.md).
 */
export function needsClientAction(refresh: RefreshStatusBody): boolean {
  return refresh.status === 'needs_action';
}

/** A failed refresh the platform tries again by itself, with nothing asked of the client. */
export function isRetriedFailure(refresh: RefreshStatusBody): boolean {
  return refresh.status === 'failed' && refresh.sub_status === 'temporary_failure';
}

/**
 * Where a connection is listed: those the client must act on first, so they are not missed, then
 * the failed ones, then the rest.
 */
export function attentionRank(refresh: RefreshStatusBody): number {
  if (needsClientAction(refresh)) return 0;
  return refresh.status === 'failed' ? 1 : 2;
}
