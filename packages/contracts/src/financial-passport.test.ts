import { describe, expect, it } from 'vitest';
import { financialPassportExportQuerySchema, financialPassportExportRequestSchema } from './documents.ts';
import { financialPassportQuerySchema, maxPassportYears } from './financial-passport.ts';

describe('the financial passport range', () => {
  const issues = (query: { from_date?: string; to_date?: string }) =>
    [financialPassportQuerySchema, financialPassportExportRequestSchema].map((schema) =>
      schema.safeParse(query).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );

  it('accepts a year, a custom range under the bound, or one date alone', () => {
    expect(maxPassportYears).toBeGreaterThanOrEqual(5);
    for (const query of [
      { from_date: '2025-07-01', to_date: '2026-06-30' },
      { from_date: '2016-07-01', to_date: '2026-06-30' },
      { from_date: '2026-01-01', to_date: '2026-01-01' },
      { from_date: '0001-01-01' },
      { to_date: '9999-12-31' },
    ]) {
      expect(issues(query), JSON.stringify(query)).toEqual([undefined, undefined]);
    }
  });

  it('refuses a backwards range or one of maxPassportYears or more, on to_date', () => {
    expect(issues({ from_date: '0001-01-01', to_date: '9999-12-31' })).toEqual([
      ['to_date: must be less than 10 years after from_date (0001-01-01)'],
      ['to_date: must be less than 10 years after from_date (0001-01-01)'],
    ]);
    expect(issues({ from_date: '2026-06-30', to_date: '2026-06-29' })).toEqual([
      ['to_date: must not be before from_date (2026-06-30)'],
      ['to_date: must not be before from_date (2026-06-30)'],
    ]);
  });

  it('refuses a day that does not exist', () => {
    expect(issues({ from_date: '2026-02-30', to_date: '2026-13-01' })[0]).toEqual([
      'from_date: must be a real calendar date',
      'to_date: must be a real calendar date',
    ]);
  });
});

describe('what the passport refuses by name', () => {
  it('refuses aggregators in the exports with the report’s own message', () => {
    // Before 2026-12-03 the exports dropped it, and the PDF covered every account.
    const messages = [
      financialPassportQuerySchema,
      financialPassportExportRequestSchema,
      financialPassportExportQuerySchema,
    ].map((schema) => schema.safeParse({ aggregators: 'cdr' }).error?.issues.map((issue) => issue.message));
    expect(messages[0]).toEqual([expect.stringMatching(/^is not supported: /)]);
    expect(messages[1]).toEqual(messages[0]);
    expect(messages[2]).toEqual(messages[0]);
  });
});
