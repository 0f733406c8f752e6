import { describe, expect, it } from 'vitest';
import { retryAfterWaitMs } from './retry-after.ts';

describe('retryAfterWaitMs', () => {
  const now = Date.parse('2026-12-02T03:00:00Z');

  it('reads whole seconds and an HTTP date as a wait from now', () => {
    expect(retryAfterWaitMs('3600', now)).toBe(3_600_000);
    expect(retryAfterWaitMs(' 0 ', now)).toBe(0);
    expect(retryAfterWaitMs('Wed, 02 Dec 2026 03:30:00 GMT', now)).toBe(1_800_000);
    // A date already past: no wait.
    expect(retryAfterWaitMs('Wed, 02 Dec 2026 02:00:00 GMT', now)).toBe(0);
  });

  it('reads nothing from no header or a value that is neither', () => {
    for (const header of [null, undefined, '', 'soon', '-5', '1.5', 'Someday, 99 Foo'])
      expect(retryAfterWaitMs(header, now)).toBeUndefined();
  });
});
