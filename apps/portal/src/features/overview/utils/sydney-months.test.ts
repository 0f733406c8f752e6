import { describe, expect, it } from 'vitest';
import { completeMonths } from './sydney-months.ts';

describe('completeMonths', () => {
  it('ends with the last complete month before today', () => {
    expect(completeMonths(6, new Date('2026-11-20T03:00:00Z'))).toEqual({
      from: '2026-05-01',
      to: '2026-10-31',
    });
  });

  it("takes today from Sydney's calendar, not UTC's", () => {
    // 14:30 UTC on 31 October is already 1 November in Sydney.
    expect(completeMonths(1, new Date('2026-10-31T14:30:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('crosses the year boundary', () => {
    expect(completeMonths(3, new Date('2027-01-15T00:00:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
  });
});
