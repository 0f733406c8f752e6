import type { frequencies } from '@waratah/contracts';
import { addDays, addMonths } from '../aggregation/calendar-date.ts';
import { formatCents } from '../aggregation/cents.ts';

export type Frequency = (typeof frequencies)[number];

export interface GoalPeriodPlan {
  index: number;
  startDate: string;
  endDate: string;
  targetCents: number;
}

const monthsPerPeriod: Partial<Record<Frequency, number>> = {
  monthly: 1,
  bimonthly: 2,
  quarterly: 3,
  biannually: 6,
  annually: 12,
};
const daysPerPeriod: Partial<Record<Frequency, number>> = {
  daily: 1,
  weekly: 7,
  fortnightly: 14,
  four_weekly: 28,
};

/**
 * The day period `index` of a goal starting on `start` begins (0 is the start itself), counted
 * from the start every time: monthly from 31 January is 28 February, then 31 March. Before
 * 2026-11-30 each period was counted from the one before, so after February every period began on
 * the 28th, and a target spread to an end date was split over one period too many.
 */
export function periodStartAt(start: string, frequency: Frequency, index: number): string | null {
  if (index === 0) return start;
  const months = monthsPerPeriod[frequency];
  if (months !== undefined) return addMonths(start, months * index);
  const days = daysPerPeriod[frequency];
  return days === undefined ? null : addDays(start, days * index);
}

/**
 * The rows of planned periods of goal `goalId`, as written at creation and as the progress job adds
 * them: nothing saved yet, so a period with something to save starts below its target.
 */
export function newPeriodRows(goalId: number, periods: readonly GoalPeriodPlan[]) {
  return periods.map((period) => ({
    goal_id: goalId,
    index: period.index,
    start_date: period.startDate,
    end_date: period.endDate,
    target_amount: formatCents(period.targetCents),
    current_amount: '0.00',
    tracking_status: period.targetCents > 0 ? 'below' : 'equal',
  }));
}

/** Periods kept when a goal is created with a start date far in the past, as the demo data keeps them. */
export const keptGoalPeriods = 12;

/**
 * The periods of a new goal: every period from its start date up to the one holding `today` (or
 * only the first, when it starts later), cut at its end date, of which the last twelve are kept
 * with their true indexes. Each period's target is the goal's period amount; a goal with only a
 * target amount and an end date spreads that amount over its periods, the last one taking the
 * cents that do not divide evenly.
 */
export function planGoalPeriods(goal: {
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  periodCents: number | null;
  targetCents: number | null;
  today: string;
  /** How many of the last periods are answered (default `keptGoalPeriods`). */
  keep?: number;
}): GoalPeriodPlan[] {
  const spans: { startDate: string; endDate: string }[] = [];
  const [, until = goal.today] = [goal.startDate, goal.today].sort();
  for (let index = 0, start = goal.startDate; ; index += 1) {
    const next = periodStartAt(goal.startDate, goal.frequency, index + 1);
    const naturalEnd = next === null ? (goal.endDate ?? start) : addDays(next, -1);
    const endDate = goal.endDate && goal.endDate < naturalEnd ? goal.endDate : naturalEnd;
    spans.push({ startDate: start, endDate });
    if (next === null || next > until || (goal.endDate && next > goal.endDate)) break;
    start = next;
  }
  const perPeriod = periodTarget(goal);
  return spans
    .map((span, index) => ({ index, ...span, targetCents: perPeriod(index) }))
    .slice(-(goal.keep ?? keptGoalPeriods));
}

/** The target of each period by index: the period amount, or the target amount spread over them all. */
function periodTarget(goal: {
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  periodCents: number | null;
  targetCents: number | null;
}): (index: number) => number {
  const { periodCents, targetCents } = goal;
  if (periodCents !== null) return () => periodCents;
  if (targetCents === null) return () => 0;
  // Counted once for the goal, not once a period: the count walks every period to the end date.
  const count = goal.endDate === null ? 1 : countGoalPeriods(goal, goal.endDate);
  const share = Math.floor(targetCents / count);
  return (index) => (index === count - 1 ? targetCents - share * (count - 1) : share);
}

/**
 * How many periods of a goal start on or before `until` (at least one; one for a goal without a
 * frequency), counting no further than `limit` + 1 so that the cost stays bounded whatever the dates.
 */
export function countGoalPeriods(
  goal: { frequency: Frequency; startDate: string },
  until: string,
  limit = Number.POSITIVE_INFINITY,
): number {
  let count = 0;
  for (let start: string | null = goal.startDate; start !== null && start <= until && count <= limit; ) {
    count++;
    start = periodStartAt(goal.startDate, goal.frequency, count);
  }
  return Math.max(1, count);
}
