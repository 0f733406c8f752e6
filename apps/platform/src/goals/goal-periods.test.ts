import { frequencies } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { countGoalPeriods, periodStartAt, planGoalPeriods } from './goal-periods.ts';

describe('periodStartAt', () => {
  it.each([
    ['daily', '2026-01-02'],
    ['weekly', '2026-01-08'],
    ['fortnightly', '2026-01-15'],
    ['four_weekly', '2026-01-29'],
    ['monthly', '2026-02-01'],
    ['bimonthly', '2026-03-01'],
    ['quarterly', '2026-04-01'],
    ['biannually', '2026-07-01'],
    ['annually', '2027-01-01'],
    ['singular', null],
  ] as const)('%s after 2026-01-01 is %s', (frequency, expected) => {
    expect(periodStartAt('2026-01-01', frequency, 1)).toBe(expected);
  });

  it('knows every frequency of the contract', () => {
    for (const frequency of frequencies) {
      if (frequency !== 'singular') expect(periodStartAt('2026-01-31', frequency, 1)).not.toBeNull();
    }
  });
});

describe('planGoalPeriods', () => {
  const base = {
    frequency: 'monthly' as const,
    endDate: null,
    periodCents: 25_000,
    targetCents: 500_000,
    startCents: 0,
  };

  it('plans only the first period of a goal that starts later', () => {
    expect(planGoalPeriods({ ...base, startDate: '2027-01-15', today: '2026-11-22' })).toEqual([
      { index: 0, startDate: '2027-01-15', endDate: '2027-02-14', targetCents: 25_000 },
    ]);
  });

  it('plans every period up to the one holding today, cut at the end date', () => {
    const periods = planGoalPeriods({
      ...base,
      startDate: '2026-09-01',
      endDate: '2026-10-20',
      today: '2026-11-22',
    });
    expect(periods).toEqual([
      { index: 0, startDate: '2026-09-01', endDate: '2026-09-30', targetCents: 25_000 },
      { index: 1, startDate: '2026-10-01', endDate: '2026-10-20', targetCents: 25_000 },
    ]);
  });

  it('keeps the last twelve periods with their true indexes', () => {
    const periods = planGoalPeriods({
      ...base,
      frequency: 'weekly',
      startDate: '2026-01-01',
      today: '2026-11-22',
    });
    expect(periods).toHaveLength(12);
    expect(periods.at(-1)).toMatchObject({ index: 46, startDate: '2026-11-19', endDate: '2026-11-25' });
  });

  it('spreads a target amount over the periods to the end date, to the cent', () => {
    const periods = planGoalPeriods({
      frequency: 'quarterly',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      periodCents: null,
      targetCents: 100_001,
      startCents: 0,
      today: '2026-11-22',
    });
    expect(periods.map((period) => period.targetCents)).toEqual([25_000, 25_000, 25_000, 25_001]);
    expect(periods.reduce((sum, period) => sum + period.targetCents, 0)).toBe(100_001);
  });

  it('spreads what is left to save, not the whole target, when some is saved already', () => {
    // Before 2026-12-03 the whole 12,000.00 was spread: 1,000.00 a period for a goal that needs 500.00.
    const goal = {
      frequency: 'monthly' as const,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      periodCents: null,
      targetCents: 1_200_000,
      today: '2026-12-03',
      keep: Number.POSITIVE_INFINITY,
    };
    const plan = (startCents: number, today = goal.today) => planGoalPeriods({ ...goal, startCents, today });
    expect(plan(600_000, '2027-11-30').map((period) => period.targetCents)).toEqual(
      Array.from({ length: 12 }, () => 50_000),
    );
    expect(plan(600_000)).toEqual([
      { index: 0, startDate: '2026-12-01', endDate: '2026-12-31', targetCents: 50_000 },
    ]);
    // The last period takes the cents that do not divide evenly; nothing is left once the start
    // amount reaches the target.
    const uneven = plan(600_001, '2027-11-30').map((period) => period.targetCents);
    expect(uneven).toEqual([...Array.from({ length: 11 }, () => 49_999), 50_010]);
    expect(uneven.reduce((sum, cents) => sum + cents, 0)).toBe(599_999);
    expect(plan(1_300_000, '2027-11-30').map((period) => period.targetCents)).toEqual(
      Array.from({ length: 12 }, () => 0),
    );
  });

  it('counts the periods to the end date once, however many there are', () => {
    // 3,979 periods to today, 40,178 to the end date: counted once a period, as it was, that is
    // 160 million steps, minutes on the event loop.
    const periods = planGoalPeriods({
      frequency: 'daily',
      startDate: '2016-01-01',
      endDate: '2126-01-01',
      periodCents: null,
      targetCents: 40_178 * 100 + 7,
      startCents: 0,
      today: '2026-11-22',
    });
    expect(periods).toHaveLength(12);
    expect(periods.at(-1)).toEqual({
      index: 3_978,
      startDate: '2026-11-22',
      endDate: '2026-11-22',
      targetCents: 100,
    });
  });

  it('gives a singular goal one period to its end date', () => {
    expect(
      planGoalPeriods({
        ...base,
        frequency: 'singular',
        startDate: '2026-01-01',
        endDate: '2026-06-30',
        today: '2026-11-22',
      }),
    ).toEqual([{ index: 0, startDate: '2026-01-01', endDate: '2026-06-30', targetCents: 25_000 }]);
  });

  it('gives a singular goal without an end date one period from its start up to today', () => {
    const singular = { ...base, frequency: 'singular' as const, startDate: '2026-01-01' };
    // Before 2026-12-03 it ended on its start date: its saving counted that one day.
    expect(planGoalPeriods({ ...singular, today: '2026-11-22' })).toEqual([
      { index: 0, startDate: '2026-01-01', endDate: '2026-11-22', targetCents: 25_000 },
    ]);
    // Starting later: its start only, until the days reach it.
    expect(planGoalPeriods({ ...singular, today: '2025-12-01' })).toEqual([
      { index: 0, startDate: '2026-01-01', endDate: '2026-01-01', targetCents: 25_000 },
    ]);
    // A target amount without a period amount is the one period's target.
    expect(planGoalPeriods({ ...singular, periodCents: null, today: '2026-11-22' })[0]?.targetCents).toBe(
      500_000,
    );
  });

  it('ends the last period on 9999-12-31, whatever the frequency', () => {
    // Before 2026-12-03 the next start, in year 10000, was '+010000-01', before every date as text:
    // the periods never ended.
    for (const frequency of frequencies) {
      const plan = planGoalPeriods({
        ...base,
        frequency,
        startDate: '9999-12-20',
        endDate: frequency === 'singular' ? '9999-12-31' : null,
        today: '9999-12-31',
      });
      expect({ frequency, end: plan.at(-1)?.endDate }).toEqual({ frequency, end: '9999-12-31' });
      expect(plan.every((period) => /^\d{4}-\d{2}-\d{2}$/.test(period.startDate))).toBe(true);
    }
    expect(periodStartAt('9999-12-01', 'monthly', 1)).toBeNull();
    expect(countGoalPeriods({ frequency: 'weekly', startDate: '9999-12-01' }, '9999-12-31')).toBe(5);
  });
});

describe('periods counted from the start, not from the period before', () => {
  it('keeps a monthly goal from the 31st on each month’s last day or the 31st', () => {
    const plan = planGoalPeriods({
      frequency: 'monthly',
      startDate: '2026-01-31',
      endDate: '2026-07-30',
      periodCents: null,
      targetCents: 60_000,
      startCents: 0,
      today: '2026-07-01',
    });
    // Before 2026-11-30: 31 Jan, 28 Feb, 28 Mar, 28 Apr…, and seven periods of 85.71.
    expect(plan.map((period) => period.startDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    expect(plan[1]?.endDate).toBe('2026-03-30');
    expect(plan.map((period) => period.targetCents)).toEqual([
      10_000, 10_000, 10_000, 10_000, 10_000, 10_000,
    ]);
    expect(countGoalPeriods({ frequency: 'monthly', startDate: '2026-01-31' }, '2026-07-30')).toBe(6);
  });

  it('keeps an annual goal from 29 February on 28 February, then 29 February again', () => {
    const plan = planGoalPeriods({
      frequency: 'annually',
      startDate: '2024-02-29',
      endDate: null,
      periodCents: 100,
      targetCents: null,
      startCents: 0,
      today: '2028-03-01',
    });
    expect(plan.map((period) => period.startDate)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });
});

describe('countGoalPeriods', () => {
  it('counts the periods starting up to a date, at least one', () => {
    const goal = { frequency: 'monthly' as const, startDate: '2026-01-31' };
    expect(countGoalPeriods(goal, '2026-12-31')).toBe(12);
    expect(countGoalPeriods(goal, '2025-01-01')).toBe(1);
    expect(countGoalPeriods({ frequency: 'singular', startDate: '2026-01-01' }, '2099-01-01')).toBe(1);
  });

  it('stops one past its limit', () => {
    expect(countGoalPeriods({ frequency: 'daily', startDate: '0001-01-01' }, '9999-12-31', 10)).toBe(11);
  });
});
