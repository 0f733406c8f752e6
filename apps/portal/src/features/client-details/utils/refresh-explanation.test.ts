import type { RefreshStatusBody } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { needsAttention, refreshExplanation } from './refresh-explanation.ts';

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

describe('needsAttention', () => {
  it('flags connections that need action or failed', () => {
    expect(needsAttention(refresh({ status: 'needs_action' }))).toBe(true);
    expect(needsAttention(refresh({ status: 'failed' }))).toBe(true);
    expect(needsAttention(refresh({ status: 'updating' }))).toBe(false);
  });
});
