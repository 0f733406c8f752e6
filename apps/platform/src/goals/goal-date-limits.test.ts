import { describe, expect, it } from 'vitest';
import { goalDatesProblem, maxGoalPeriods } from './goal-date-limits.ts';

describe('goalDatesProblem', () => {
  const today = '2026-11-22';

  it('accepts the goals an adviser sets, up to the limits', () => {
    for (const goal of [
      { frequency: 'monthly', startDate: '2026-12-01', endDate: '2056-12-01' },
      { frequency: 'weekly', startDate: '2000-01-03', endDate: null },
      { frequency: 'annually', startDate: '1926-11-22', endDate: '2126-11-22' },
      { frequency: 'singular', startDate: today, endDate: '2126-11-22' },
      // Exactly maxGoalPeriods daily periods.
      { frequency: 'daily', startDate: '2026-01-01', endDate: '2039-09-09' },
    ] as const) {
      expect(goalDatesProblem({ ...goal, today }), JSON.stringify(goal)).toBeUndefined();
    }
    expect(maxGoalPeriods).toBe(5_000);
  });

  it('refuses dates more than a hundred years from today', () => {
    expect(
      goalDatesProblem({ frequency: 'singular', startDate: '1926-11-21', endDate: '2027-01-01', today }),
    ).toEqual({
      field: 'start_date',
      message: 'must be within 100 years of today (1926-11-22 to 2126-11-22)',
    });
    expect(
      goalDatesProblem({ frequency: 'singular', startDate: today, endDate: '9999-12-31', today }),
    ).toMatchObject({ field: 'end_date' });
  });

  it('accepts dates up to 9999-12-31 when a hundred years from today is later', () => {
    // Before 2026-12-03 the window's end, in year 10000, was '+010000-01': every date was after it.
    const late = '9950-01-01';
    expect(
      goalDatesProblem({ frequency: 'monthly', startDate: late, endDate: '9999-12-31', today: late }),
    ).toBeUndefined();
    expect(
      goalDatesProblem({ frequency: 'monthly', startDate: late, endDate: null, today: late }),
    ).toBeUndefined();
  });

  it('refuses more periods than maxGoalPeriods, to the end date or else to today', () => {
    expect(
      goalDatesProblem({ frequency: 'daily', startDate: '2026-01-01', endDate: '2039-09-10', today }),
    ).toEqual({
      field: 'end_date',
      message: 'is too far after start_date: a daily goal has at most 5000 periods',
    });
    expect(
      goalDatesProblem({ frequency: 'daily', startDate: '2016-01-01', endDate: '2126-01-01', today }),
    ).toMatchObject({ field: 'end_date' });
    expect(goalDatesProblem({ frequency: 'daily', startDate: '2000-01-01', endDate: null, today })).toEqual({
      field: 'start_date',
      message: 'is too long ago: a daily goal has at most 5000 periods up to today',
    });
  });
});
