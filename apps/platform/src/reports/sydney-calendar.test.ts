import { describe, expect, it } from 'vitest';
import { monthStarts } from './sydney-calendar.ts';

describe('monthStarts', () => {
  it('lists the first day of each month of a range', () => {
    expect(monthStarts('2025-11-15', '2026-02-01')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });

  it('ends a range to 9999-12-31 with December 9999', () => {
    // Before 2026-12-03 the month after, '+010000-01', sorted before the end as text: it never ended.
    expect(monthStarts('9999-10-31', '9999-12-31')).toEqual(['9999-10-01', '9999-11-01', '9999-12-01']);
  });
});
