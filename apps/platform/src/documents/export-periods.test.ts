import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { periodDates, type ResolvePeriodInput, resolvePeriod } from './export-periods.ts';

const today = '2026-11-23';

describe('periodDates', () => {
  it("gives moneypartner's statement periods, inclusive and ending today", () => {
    const dates = (value: string) => {
      const period = periodDates('moneypartner', 'statements', value, today);
      return period && [period.from, period.to, period.label];
    };
    expect(dates('week')).toEqual(['2026-11-17', today, 'past week']);
    expect(dates('fortnight')).toEqual(['2026-11-10', today, 'past fortnight']);
    expect(dates('month')).toEqual(['2026-10-24', today, 'past month']);
    expect(dates('three-months')).toEqual(['2026-08-24', today, 'past 3 months']);
    expect(dates('six-months')).toEqual(['2026-05-24', today, 'past 6 months']);
    expect(dates('year')).toEqual(['2025-11-24', today, 'past year']);
    expect(dates('fin-year')).toEqual(['2024-07-01', '2025-06-30', 'financial year 24/25']);
  });

  it("gives the standard tenants' periods, 'month' being the 30 days its label names", () => {
    expect(periodDates('waratah', 'statements', 'month', today)).toMatchObject({
      from: '2026-10-25',
      to: today,
    });
    expect(periodDates('waratahlabs', 'financialPassport', 'six-months', today)).toMatchObject({
      from: '2026-05-24',
      label: '6 months',
    });
    expect(periodDates('waratah', 'financialPassport', 'year', today)).toMatchObject({ from: '2025-11-24' });
  });

  it('knows only the options the tenant offers', () => {
    expect(periodDates('waratah', 'statements', 'week', today)).toBeUndefined();
    expect(periodDates('waratah', 'financialPassport', 'fin-year', today)).toBeUndefined();
    expect(periodDates('moneypartner', 'financialPassport', 'three-months', today)).toBeDefined();
  });

  it('keeps month ends at month ends (no day overflow)', () => {
    expect(periodDates('moneypartner', 'statements', 'month', '2026-03-31')).toMatchObject({
      from: '2026-03-01',
    });
  });
});

describe('resolvePeriod', () => {
  const base: ResolvePeriodInput = {
    tenantId: 'moneypartner',
    list: 'statements',
    request: {},
    today,
    features: new Set(['generate_bank_statement_custom_date', 'generate_fp_custom_date', '3m_report']),
    firstDataDate: '2024-01-01',
    source: 'body',
  };
  const fieldOf = (input: Partial<ResolvePeriodInput>) => {
    try {
      resolvePeriod({ ...base, ...input });
    } catch (error) {
      if (error instanceof AppError) return [error.statusCode, error.fields?.[0]?.field];
      throw error;
    }
    return 'resolved';
  };

  it('takes the first option when none is named', () => {
    expect(resolvePeriod(base)).toMatchObject({ period: 'week' });
  });

  it('accepts a custom range where allowed, labelled as the export dialog’s option', () => {
    // The headings add the dates to the label: before 2026-12-03 the label was the dates, read twice.
    expect(resolvePeriod({ ...base, request: { from_date: '2025-01-01', to_date: '2025-03-31' } })).toEqual({
      period: 'custom',
      label: 'Custom dates',
      from: '2025-01-01',
      to: '2025-03-31',
    });
  });

  it('names whose data bounds a custom range, and shows an account without transactions by its balance', () => {
    const range = { request: { from_date: '2023-01-01', to_date: '2023-03-31' } };
    const messageOf = (input: Partial<ResolvePeriodInput>) => {
      try {
        resolvePeriod({ ...base, ...range, ...input });
      } catch (error) {
        if (error instanceof AppError) return error.fields?.[0];
        throw error;
      }
      return 'resolved';
    };
    expect(messageOf({})).toEqual({
      field: 'body.to_date',
      message: "is before the client's first transaction (2024-01-01)",
    });
    expect(messageOf({ dataOf: 'account' })).toEqual({
      field: 'body.to_date',
      message: "is before the account's first transaction (2024-01-01)",
    });
    expect(messageOf({ dataOf: 'accounts' })).toEqual({
      field: 'body.to_date',
      message: 'is before the first transaction of the accounts chosen (2024-01-01)',
    });
    expect(messageOf({ firstDataDate: undefined })).toEqual({
      field: 'body.from_date',
      message: 'is beyond the data: the client has no transactions',
    });
    expect(messageOf({ firstDataDate: undefined, dataOf: 'accounts' })).toEqual({
      field: 'body.from_date',
      message: 'is beyond the data: the accounts chosen have no transactions',
    });
    // A term deposit with no transaction still has a balance: before 2026-12-03 its statement was
    // refused because "the client has no transactions", whatever the client held.
    expect(resolvePeriod({ ...base, ...range, firstDataDate: undefined, dataOf: 'account' })).toEqual({
      period: 'custom',
      label: 'Custom dates',
      from: '2023-01-01',
      to: '2023-03-31',
    });
  });

  it('refuses a custom range of ten years or more (an insights report of centuries of months)', () => {
    expect(fieldOf({ request: { from_date: '0100-01-01', to_date: '2025-03-31' } })).toEqual([
      400,
      'body.to_date',
    ]);
    expect(fieldOf({ request: { from_date: '2015-03-31', to_date: '2025-03-31' } })).toEqual([
      400,
      'body.to_date',
    ]);
    expect(
      resolvePeriod({ ...base, request: { from_date: '2015-04-01', to_date: '2025-03-31' } }),
    ).toMatchObject({
      period: 'custom',
      from: '2015-04-01',
    });
  });

  it('names the field of each bad input', () => {
    expect(fieldOf({ request: { period: 'decade' } })).toEqual([400, 'body.period']);
    expect(fieldOf({ request: { from_date: '2025-03-01', to_date: '2025-02-01' } })).toEqual([
      400,
      'body.to_date',
    ]);
    expect(fieldOf({ request: { from_date: '2025-03-01' } })).toEqual([400, 'body.to_date']);
    expect(fieldOf({ request: { from_date: '2026-11-01', to_date: '2026-12-01' } })).toEqual([
      400,
      'body.to_date',
    ]);
    expect(fieldOf({ request: { from_date: '2020-01-01', to_date: '2020-12-31' } })).toEqual([
      400,
      'body.to_date',
    ]);
    expect(
      fieldOf({ request: { from_date: '2025-01-01', to_date: '2025-02-01' }, features: new Set() }),
    ).toEqual([400, 'body.from_date']);
    expect(fieldOf({ request: { period: 'year', from_date: '2025-01-01' } })).toEqual([400, 'body.period']);
    expect(fieldOf({ request: { period: 'decade' }, source: 'querystring' })).toEqual([
      400,
      'querystring.period',
    ]);
  });

  it("refuses the passport's 3-month report unless 3m_report is on, and starts from the next option", () => {
    const passport = { ...base, list: 'financialPassport' as const };
    expect(resolvePeriod({ ...passport, request: { period: 'three-months' } })).toMatchObject({
      period: 'three-months',
    });
    expect(resolvePeriod(passport)).toMatchObject({ period: 'three-months' });
    const off = { ...passport, features: new Set<never>() };
    expect(fieldOf({ ...off, request: { period: 'three-months' } })).toEqual([400, 'body.period']);
    expect(() => resolvePeriod({ ...off, request: { period: 'three-months' } })).toThrow(
      'period three-months is not enabled (feature 3m_report); use one of six-months, year, fin-year',
    );
    expect(resolvePeriod(off)).toMatchObject({ period: 'six-months' });
    // The statements' 3 months need no feature.
    expect(
      resolvePeriod({ ...base, features: new Set(), request: { period: 'three-months' } }),
    ).toMatchObject({
      period: 'three-months',
    });
  });
});
