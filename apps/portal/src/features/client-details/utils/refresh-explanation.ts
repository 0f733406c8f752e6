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

/** A connection the client has to do something about before its data is fresh again. */
export function needsAttention(refresh: RefreshStatusBody): boolean {
  return refresh.status === 'needs_action' || refresh.status === 'failed';
}
