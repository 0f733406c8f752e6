import { addDays } from '../aggregation/calendar-date.ts';
import { periodStartAt } from '../goals/goal-periods.ts';
import type { DemoGoal } from './demo-finances-types.ts';

export interface DemoGoalPeriod {
  index: number;
  start: string;
  end: string;
  targetCents: number;
  currentCents: number;
  tracking: 'above' | 'equal' | 'below';
}

const keep = 12;

/**
 * The periods of a started goal up to today (the last twelve), each with the period amount as its
 * target and a saving that is sometimes above, equal to or below it. Deterministic from the goal.
 */
export function demoGoalPeriods(goal: DemoGoal, today: string): DemoGoalPeriod[] {
  if (goal.status === 'unstarted') return [];
  // Each period counted from the goal's start, as an API-made goal's are. A demo goal always has a
  // repeating frequency, so there is always a next period.
  const startOf = (index: number) => periodStartAt(goal.startDate, goal.frequency, index) ?? '9999-12-31';
  const last = goal.endDate && goal.endDate < today ? goal.endDate : today;
  const periods: DemoGoalPeriod[] = [];
  for (let index = 0, start = goal.startDate; start <= last; index++, start = startOf(index)) {
    const shape = index % 4;
    const currentCents =
      shape === 3
        ? Math.round(goal.periodCents * 0.8)
        : shape === 1
          ? goal.periodCents
          : Math.round(goal.periodCents * 1.2);
    const tracking = shape === 3 ? 'below' : shape === 1 ? 'equal' : 'above';
    periods.push({
      index,
      start,
      end: addDays(startOf(index + 1), -1),
      targetCents: goal.periodCents,
      currentCents,
      tracking,
    });
  }
  return periods.slice(-keep);
}
