import { describe, expect, it } from 'vitest';
import {
  askedRefreshWait,
  REFRESH_RETRY_MIN_MS,
  refreshRetryDelay,
  resumeRetryDelay,
} from './refresh-retry.ts';

describe('askedRefreshWait', () => {
  it('reads the wait of a 503 or 429 that said when to ask again, never below none', () => {
    expect(askedRefreshWait({ status: 503, retryAt: 1_001_000 }, 1_000_000)).toBe(1_000);
    expect(askedRefreshWait({ status: 429, retryAt: 1_030_000 }, 1_000_000)).toBe(30_000);
    expect(askedRefreshWait({ status: 503, retryAt: 999_000 }, 1_000_000)).toBe(0);
  });

  it('reads none from a refusal of the token, another failure, or no Retry-After', () => {
    for (const status of [400, 401, 403, 500, 502])
      expect(askedRefreshWait({ status, retryAt: 1_001_000 }, 1_000_000)).toBeUndefined();
    expect(askedRefreshWait({ status: 503 }, 1_000_000)).toBeUndefined();
  });
});

describe('refreshRetryDelay', () => {
  it('waits as asked, at least a second, and at the latest a second before the expiry', () => {
    expect(refreshRetryDelay(3_000, 10_000)).toBe(3_000);
    expect(refreshRetryDelay(0, 10_000)).toBe(REFRESH_RETRY_MIN_MS);
    expect(refreshRetryDelay(30_000, 10_000)).toBe(9_000);
    expect(refreshRetryDelay(1_000, 2_000)).toBe(1_000);
  });

  it('gives no try when none fits before the expiry', () => {
    expect(refreshRetryDelay(1_000, 1_999)).toBeNull();
    expect(refreshRetryDelay(0, 0)).toBeNull();
    expect(refreshRetryDelay(0, -5_000)).toBeNull();
  });
});

describe('resumeRetryDelay', () => {
  it('waits as asked, at least a second, while the try starts within 10 s of the first', () => {
    expect(resumeRetryDelay(0, 0)).toBe(REFRESH_RETRY_MIN_MS);
    expect(resumeRetryDelay(3_000, 2_000)).toBe(3_000);
    expect(resumeRetryDelay(1_000, 9_000)).toBe(1_000);
    expect(resumeRetryDelay(1_000, 9_001)).toBeNull();
    expect(resumeRetryDelay(30_000, 0)).toBeNull();
  });
});
