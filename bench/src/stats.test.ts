import { describe, expect, it } from 'vitest';
import { median, percentile } from './stats.ts';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).toBe(10);
    expect(percentile([1, 2, 3, 4], 0.25)).toBe(1);
  });

  it('is NaN for no sample', () => {
    expect(median([])).toBeNaN();
  });
});
