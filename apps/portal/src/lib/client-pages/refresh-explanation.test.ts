import type { RefreshStatusBody } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import {
  attentionRank,
  isRetriedFailure,
  needsClientAction,
  refreshExplanation,
} from './refresh-explanation.ts';

const refresh = (patch: Partial<RefreshStatusBody>): RefreshStatusBody => ({
  status: 'success',
  sub_status: 'success',
  additional_status: null,
  last_refreshed: '2026-11-20T01:00:00Z',
  next_refresh: null,
  ...patch,
});

describe('refreshExplanation', () => {
  it('explains nothing after a clean refresh', () => {
    expect(refreshExplanation(refresh({}))).toBeNull();
  });

  it('prefers the sub-status, the most specific reason', () => {
    expect(
      refreshExplanation(
        refresh({ status: 'needs_action', sub_status: 'input_required', additional_status: 'mfa_needed' }),
      ),
    ).toEqual({ kind: 'subStatus', key: 'mfa_needed' });
  });

  it('falls back to the refresh status', () => {
    expect(refreshExplanation(refresh({ status: 'failed', sub_status: 'temporary_failure' }))).toEqual({
      kind: 'status',
      key: 'temporary_failure',
    });
  });
});

describe('needsClientAction', () => {
  it('flags only the connections the client must act on, not a failed refresh', () => {
    expect(needsClientAction(refresh({ status: 'needs_action', sub_status: 'relogin_required' }))).toBe(true);
    expect(needsClientAction(refresh({ status: 'failed', sub_status: 'temporary_failure' }))).toBe(false);
    expect(needsClientAction(refresh({ status: 'updating' }))).toBe(false);
  });
});

describe('isRetriedFailure', () => {
  it('is a temporary failure, which the platform retries by itself', () => {
    expect(isRetriedFailure(refresh({ status: 'failed', sub_status: 'temporary_failure' }))).toBe(true);
    expect(isRetriedFailure(refresh({ status: 'failed', sub_status: 'permanent_failure' }))).toBe(false);
  });
});

describe('attentionRank', () => {
  it('lists those needing action first, then the failed ones, then the rest', () => {
    expect(attentionRank(refresh({ status: 'needs_action' }))).toBeLessThan(
      attentionRank(refresh({ status: 'failed', sub_status: 'temporary_failure' })),
    );
    expect(attentionRank(refresh({ status: 'failed' }))).toBeLessThan(attentionRank(refresh({})));
  });
});
