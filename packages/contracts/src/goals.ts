import * as z from 'zod/mini';
import { databaseIdSchema, dateSchema, decimalSchema } from './money.ts';
import { unsupportedField } from './unsupported.ts';

export const goalStatuses = [
  'unstarted',
  'active',
  'completed',
  'finalising',
  'failed',
  'cancelled',
] as const;
export type GoalStatus = (typeof goalStatuses)[number];
/** The filter adds groups of statuses (spec §4): see `goalStatusGroups`. */
export const goalStatusFilters = [
  ...goalStatuses,
  'current',
  'previous',
  'in_progress',
  'ended',
  'all',
] as const;
export const goalStatusGroups: Record<(typeof goalStatusFilters)[number], readonly GoalStatus[]> = {
  unstarted: ['unstarted'],
  active: ['active'],
  completed: ['completed'],
  finalising: ['finalising'],
  failed: ['failed'],
  cancelled: ['cancelled'],
  current: ['unstarted', 'active', 'finalising'],
  in_progress: ['active', 'finalising'],
  ended: ['completed', 'failed'],
  previous: ['completed', 'failed', 'cancelled'],
  all: goalStatuses,
};
export const goalTargetTypes = [
  'open_ended',
  'date',
  'amount',
  'available_balance',
  'current_balance',
] as const;
export const frequencies = [
  'daily',
  'weekly',
  'fortnightly',
  'four_weekly',
  'monthly',
  'bimonthly',
  'quarterly',
  'biannually',
  'annually',
  'singular',
] as const;
export const trackingTypes = ['credit', 'debit', 'debit_credit'] as const;
export const trackingStatuses = ['above', 'equal', 'below'] as const;

export const goalPeriodSchema = z.object({
  id: z.int(),
  goal_id: z.int(),
  index: z.int(),
  start_date: dateSchema,
  end_date: dateSchema,
  tracking_status: z.enum(trackingStatuses),
  current_amount: decimalSchema,
  target_amount: decimalSchema,
  /**
   * What is still to save in the period to meet its target (reference §6): its target less its
   * current amount, never below 0. Since 2026-12-03; optional for readers of an older platform,
   * always written by this one.
   */
  required_amount: z.optional(decimalSchema),
});

/** Goal amounts are bare decimals, not Money (reference §6). */
export const goalSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.nullable(z.string()),
  account_id: z.nullable(z.int()),
  tracking_type: z.enum(trackingTypes),
  target: z.enum(goalTargetTypes),
  frequency: z.enum(frequencies),
  status: z.enum(goalStatuses),
  currency: z.string(),
  start_date: dateSchema,
  end_date: z.nullable(dateSchema),
  target_amount: z.nullable(decimalSchema),
  current_amount: decimalSchema,
  period_amount: z.nullable(decimalSchema),
  start_amount: decimalSchema,
  periods_count: z.int(),
  current_period: z.nullable(goalPeriodSchema),
  /**
   * How the goal is tracking (reference §6): its current period's tracking status, null without a
   * period. Since 2026-12-03; optional for readers of an older platform, always written by this one.
   */
  tracking_status: z.optional(z.nullable(z.enum(trackingStatuses))),
});
export type Goal = z.infer<typeof goalSchema>;

/**
 * `GET api/v2/goals`: by status or status group, and by the tracking status of the goal's current
 * period (reference §6; since 2026-12-03, before ignored).
 */
export const listGoalsQuerySchema = z.object({
  status: z._default(z.enum(goalStatusFilters), 'all'),
  tracking_status: z.optional(z.enum(trackingStatuses)),
});

/** Which amounts and dates each target type needs (reference §6). */
export const goalFieldsRequiredByTarget = {
  amount: ['target_amount', 'period_amount'],
  available_balance: ['target_amount', 'period_amount'],
  current_balance: ['target_amount', 'period_amount'],
  date: ['end_date', 'target_amount'],
  open_ended: ['period_amount', 'end_date'],
} as const satisfies Record<(typeof goalTargetTypes)[number], readonly string[]>;

/** Amounts a goal aims for are above zero; what is already saved may be zero. */
const goalAmountSchema = decimalSchema.check(
  z.refine((value: string) => !value.startsWith('-') && /[1-9]/.test(value), 'must be more than 0'),
);
const savedAmountSchema = decimalSchema.check(
  z.refine((value: string) => !value.startsWith('-'), 'must not be negative'),
);

export const createGoalBodySchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    account_id: databaseIdSchema,
    tracking_type: z.enum(trackingTypes),
    frequency: z.enum(frequencies),
    target: z.enum(goalTargetTypes),
    description: z.optional(z.string().check(z.maxLength(500))),
    target_amount: z.optional(goalAmountSchema),
    period_amount: z.optional(goalAmountSchema),
    start_amount: z.optional(savedAmountSchema),
    start_date: z.optional(dateSchema),
    end_date: z.optional(dateSchema),
    // Reference §6 fields a goal has no place for here: refused by name rather than dropped
    // (docs/errors.md; before 2026-12-03 they were dropped and the goal made without them).
    image_url: unsupportedField('goals have no image here'),
    metadata: unsupportedField('goals keep no metadata here'),
  })
  .check(
    z.superRefine((body, context) => {
      for (const field of goalFieldsRequiredByTarget[body.target]) {
        if (body[field] === undefined) {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: `is required when target is ${body.target}`,
          });
        }
      }
      if (body.start_date && body.end_date && body.end_date <= body.start_date) {
        context.addIssue({ code: 'custom', path: ['end_date'], message: 'must be after start_date' });
      }
    }),
  );
export type CreateGoalBody = z.infer<typeof createGoalBodySchema>;

export const goalListResponseSchema = z.object({ data: z.array(goalSchema) });
export const goalResponseSchema = z.object({ data: goalSchema });
