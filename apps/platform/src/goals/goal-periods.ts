import type { frequencies } from '@waratah/contracts';
import { addDays, addMonths, isFourDigitDate, lastCalendarDate } from '../aggregation/calendar-date.ts';
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
 * Null when there is no such period: a singular goal has one only, and none starts after
 * 9999-12-31 (written '+010000-01', it would sort before every date as text).
 */
export function periodStartAt(start: string, frequency: Frequency, index: number): string | null {
  if (index === 0) return start;
  const months = monthsPerPeriod[frequency];
  const days = daysPerPeriod[frequency];
  const date =
    months !== undefined
      ? addMonths(start, months * index)
      : days !== undefined
        ? addDays(start, days * index)
        : null;
  return date !== null && isFourDigitDate(date) ? date : null;
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
 * target amount and an end date spreads what is left to save (the target less the amount already
 * saved, never below 0) over its periods, the last one taking the cents that do not divide evenly.
 * A singular goal has one period, to its end date or, without one, from its start up to `today`
 * (its start, when it starts later): its end moves on as the goal is worked out day by day
 * (`advanceGoal`). Before 2026-12-03 it ended on the start date, so its saving counted that day
 * only: 0.00 and `below` while the goal's current amount rose.
 */
export function planGoalPeriods(goal: {
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  periodCents: number | null;
  targetCents: number | null;
  /** The amount already saved when the goal was made (`start_amount`). */
  startCents: number;
  today: string;
  /** How many of the last periods are answered (default `keptGoalPeriods`). */
  keep?: number;
}): GoalPeriodPlan[] {
  const spans: { startDate: string; endDate: string }[] = [];
  const [, until = goal.today] = [goal.startDate, goal.today].sort();
  for (let index = 0, start = goal.startDate; ; index += 1) {
    const next = periodStartAt(goal.startDate, goal.frequency, index + 1);
    // Without a next period: a singular goal's one period, or the last before year 10000.
    const naturalEnd =
      next !== null
        ? addDays(next, -1)
        : (goal.endDate ?? (goal.frequency === 'singular' ? until : lastCalendarDate));
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

/**
 * The target of each period by index: the period amount, or what is left to save spread over them
 * all. What is left is the target less the amount already saved, since the goal is reached when
 * the start amount and the savings reach the target (`goalStatusOn`). Before 2026-12-03 the whole
 * target was spread: $12,000 with $6,000 saved asked twice what it needed each period, and a goal
 * on track read `below`.
 */
function periodTarget(goal: {
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  periodCents: number | null;
  targetCents: number | null;
  startCents: number;
}): (index: number) => number {
  const { periodCents, targetCents } = goal;
  if (periodCents !== null) return () => periodCents;
  if (targetCents === null) return () => 0;
  const leftCents = Math.max(targetCents - goal.startCents, 0);
  // Counted once for the goal, not once a period: the count walks every period to the end date.
  const count = goal.endDate === null ? 1 : countGoalPeriods(goal, goal.endDate);
  const share = Math.floor(leftCents / count);
  return (index) => (index === count - 1 ? leftCents - share * (count - 1) : share);
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
