import type { Goal } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { buildGoal } from '../testing/build-goal.ts';
import { decimalToCents, goalProgress } from './goal-progress.ts';

describe('decimalToCents', () => {
  it.each([
    ['1500.50', 150_050],
    ['0.1', 10],
    ['-42.05', -4205],
    ['7', 700],
  ])('%s is %d cents', (decimal, cents) => {
    expect(decimalToCents(decimal)).toBe(cents);
  });

  it('refuses what is not an amount', () => {
    expect(() => decimalToCents('12.345')).toThrow(RangeError);
  });
});

describe('goalProgress', () => {
  it('measures the saving against the target, in whole percent', () => {
    expect(goalProgress(buildGoal({ current_amount: '333.33', target_amount: '1000.00' }))).toEqual({
      percent: 33,
      basis: 'target',
      of: '1000.00',
    });
  });

  it('stays within 0 and 100', () => {
    expect(goalProgress(buildGoal({ current_amount: '1500.00', target_amount: '1000.00' }))?.percent).toBe(
      100,
    );
  });

  it('uses the current period without a target, and nothing without either', () => {
    const period: Goal['current_period'] = {
      id: 1,
      goal_id: 1,
      index: 2,
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      tracking_status: 'below',
      current_amount: '40.00',
      target_amount: '160.00',
    };
    expect(goalProgress(buildGoal({ target_amount: null, current_period: period }))).toEqual({
      percent: 25,
      basis: 'period',
      of: '160.00',
    });
    expect(goalProgress(buildGoal({ target_amount: null, current_period: null }))).toBeNull();
  });
});
