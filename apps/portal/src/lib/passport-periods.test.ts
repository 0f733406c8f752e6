import { tenants } from '@waratah/tenants';
import { describe, expect, it } from 'vitest';
import {
  earliestPassportDate,
  offeredPeriods,
  periodRange,
  readPassportPeriod,
  sydneyToday,
} from './passport-periods.ts';

describe('sydneyToday', () => {
  it('is the date in Sydney, which is ahead of UTC', () => {
    expect(sydneyToday(new Date('2026-11-21T14:30:00Z'))).toBe('2026-11-22');
  });
});

describe('periodRange', () => {
  const today = '2026-11-22';

  it.each([
    ['three-months', { from: '2026-08-23', to: today }],
    ['six-months', { from: '2026-05-23', to: today }],
    ['year', { from: '2025-11-23', to: today }],
  ])('%s ends today', (value, range) => {
    expect(periodRange({ label: value, value }, today)).toEqual(range);
  });

  it('reads the financial year from the label', () => {
    expect(periodRange({ label: 'financial year 24/25', value: 'fin-year' }, today)).toEqual({
      from: '2024-07-01',
      to: '2025-06-30',
    });
  });

  it('takes the last ended financial year when the label names none', () => {
    expect(periodRange({ label: 'last financial year', value: 'fin-year' }, today)).toEqual({
      from: '2025-07-01',
      to: '2026-06-30',
    });
    expect(periodRange({ label: 'last financial year', value: 'fin-year' }, '2026-03-01')).toEqual({
      from: '2024-07-01',
      to: '2025-06-30',
    });
  });

  it('knows every period of every tenant', () => {
    for (const tenant of Object.values(tenants)) {
      for (const option of tenant.exportOptions.financialPassport) {
        expect(periodRange(option, today)).not.toBeNull();
      }
    }
  });
});

describe('offeredPeriods', () => {
  const options = tenants.moneypartner.exportOptions.financialPassport;

  it('offers the 3-month report only with 3m_report', () => {
    expect(offeredPeriods(options, { threeMonthReport: false }).map((option) => option.value)).toEqual([
      'six-months',
      'year',
      'fin-year',
    ]);
    expect(offeredPeriods(options, { threeMonthReport: true })).toEqual(options);
  });
});

describe('readPassportPeriod', () => {
  const read = (search: string) =>
    readPassportPeriod(new URLSearchParams(search), {
      periods: [{ label: 'past year', value: 'year' }],
      customDates: true,
      today: '2026-11-30',
    }).range;

  it('reads custom dates that end by today, and no range for dates after it', () => {
    // A report cannot run past today: days to come were counted as overdrawn and diluted every
    // monthly average (before 2026-11-30 the URL's dates were asked for as they were).
    expect(read('period=custom&from=2026-01-01&to=2026-11-30')).toEqual({
      from: '2026-01-01',
      to: '2026-11-30',
    });
    expect(read('period=custom&from=2026-01-01&to=2027-01-29')).toBeNull();
    expect(read('period=custom&from=2026-03-01&to=2026-01-01')).toBeNull();
  });

  it('reads no range for dates the platform refuses: a day that does not exist, or ten years or more', () => {
    // Before 2026-12-03 these were asked for, refused with a 400, and the page offered a retry
    // that could never pass.
    expect(read('period=custom&from=2026-02-30&to=2026-03-31')).toBeNull();
    expect(read('period=custom&from=2026-01-01&to=2026-02-29')).toBeNull();
    expect(read('period=custom&from=2014-01-01&to=2026-11-30')).toBeNull();
    expect(read('period=custom&from=2016-11-30&to=2026-11-30')).toBeNull();
    expect(read('period=custom&from=2016-12-01&to=2026-11-30')).toEqual({
      from: '2016-12-01',
      to: '2026-11-30',
    });
    expect(read('period=custom&from=2024-02-29&to=2024-03-31')).toEqual({
      from: '2024-02-29',
      to: '2024-03-31',
    });
  });
});

describe('earliestPassportDate', () => {
  it('is the first day a range ending today may start on', () => {
    for (const today of ['2026-12-03', '2026-02-28', '2028-02-29', '2026-01-01']) {
      const earliest = earliestPassportDate(today);
      const read = (from: string) =>
        readPassportPeriod(new URLSearchParams({ period: 'custom', from, to: today }), {
          periods: [],
          customDates: true,
          today,
        }).range;
      expect(read(earliest), today).toEqual({ from: earliest, to: today });
      expect(
        read(new Date(Date.parse(`${earliest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)),
        today,
      ).toBeNull();
    }
    expect(earliestPassportDate('2026-12-03')).toBe('2016-12-04');
    expect(earliestPassportDate('2028-02-29')).toBe('2018-03-01');
  });
});
