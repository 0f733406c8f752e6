import { addMonths, isFourDigitDate, lastCalendarDate } from '../aggregation/calendar-date.ts';
import { countGoalPeriods, type Frequency } from './goal-periods.ts';

/**
 * The most periods a goal may have: from its start to its end date or, without one, up to today.
 * Over ten years of daily periods, or a lifetime of weekly ones; a goal's periods are planned one
 * by one when it is created, so an absurd pair of dates is refused rather than walked.
 */
export const maxGoalPeriods = 5_000;

/** How far a goal's start and end dates may be from today, either way, in years. */
export const goalDateWindowYears = 100;

export interface GoalDateProblem {
  field: 'start_date' | 'end_date';
  message: string;
}

/** Why a goal's dates cannot be planned (see `maxGoalPeriods`, `goalDateWindowYears`); undefined when they can. */
export function goalDatesProblem(goal: {
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  today: string;
}): GoalDateProblem | undefined {
  const earliest = addMonths(goal.today, -12 * goalDateWindowYears);
  // No later than 9999-12-31: past it the date is written '+010000-01', before every date as text.
  const hundredYearsOn = addMonths(goal.today, 12 * goalDateWindowYears);
  const latest = isFourDigitDate(hundredYearsOn) ? hundredYearsOn : lastCalendarDate;
  const window = `within ${goalDateWindowYears} years of today (${earliest} to ${latest})`;
  for (const [field, date] of [
    ['start_date', goal.startDate],
    ['end_date', goal.endDate],
  ] as const) {
    if (date !== null && (date < earliest || date > latest)) return { field, message: `must be ${window}` };
  }
  const until = goal.endDate ?? goal.today;
  if (countGoalPeriods(goal, until, maxGoalPeriods) <= maxGoalPeriods) return undefined;
  const limit = `a ${goal.frequency} goal has at most ${maxGoalPeriods} periods`;
  return goal.endDate === null
    ? { field: 'start_date', message: `is too long ago: ${limit} up to today` }
    : { field: 'end_date', message: `is too far after start_date: ${limit}` };
}
