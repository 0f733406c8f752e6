import { describe, expect, it } from 'vitest';
import { regularityOf } from './regularity.ts';

describe('regularityOf', () => {
  it('reads the median gap between payments', () => {
    expect(regularityOf(['2026-01-01', '2026-01-08', '2026-01-15', '2026-01-22'])).toBe('weekly');
    expect(regularityOf(['2026-01-02', '2026-01-16', '2026-01-30', '2026-02-13'])).toBe('fortnightly');
    expect(regularityOf(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'])).toBe('monthly');
  });

  it('calls too few or scattered payments irregular', () => {
    expect(regularityOf(['2026-01-01', '2026-02-01'])).toBe('irregular');
    expect(regularityOf(['2026-01-01', '2026-01-03', '2026-03-20', '2026-07-01'])).toBe('irregular');
  });
});
