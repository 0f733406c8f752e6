import {
  type CreateGoalBody,
  createGoalBodySchema,
  type frequencies,
  goalFieldsRequiredByTarget,
  goalTargetTypes,
  type trackingTypes,
} from '@waratah/contracts';
import * as z from 'zod/mini';

/** What the add-goal form holds: text as typed, named like the fields of `POST goals`. */
export const goalFormFields = [
  'name',
  'description',
  'account_id',
  'tracking_type',
  'target',
  'frequency',
  'target_amount',
  'period_amount',
  'start_amount',
  'start_date',
  'end_date',
] as const;
export type GoalFormField = (typeof goalFormFields)[number];
export type GoalFormValues = Record<GoalFormField, string>;

export const emptyGoalForm: GoalFormValues = {
  name: '',
  description: '',
  account_id: '',
  tracking_type: 'credit',
  target: 'amount',
  frequency: 'monthly',
  target_amount: '',
  period_amount: '',
  start_amount: '',
  start_date: '',
  end_date: '',
};

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
/** People type '$5,000' or '5 000'; the wire wants '5000'. */
const amount = (value: string) => optional(value.replace(/[$,\s]/g, ''));

/** The body of `POST goals` from the form's text; blanks are left out so the contract can name them. */
export function toCreateGoalBody(values: GoalFormValues): CreateGoalBody {
  const body = {
    name: values.name.trim(),
    description: optional(values.description),
    account_id: values.account_id === '' ? undefined : Number(values.account_id),
    tracking_type: optional(values.tracking_type) as (typeof trackingTypes)[number],
    target: optional(values.target) as (typeof goalTargetTypes)[number],
    frequency: optional(values.frequency) as (typeof frequencies)[number],
    target_amount: amount(values.target_amount),
    period_amount: amount(values.period_amount),
    start_amount: amount(values.start_amount),
    start_date: optional(values.start_date),
    end_date: optional(values.end_date),
  };
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as CreateGoalBody;
}

/** The fields a target type needs besides the ones every goal needs. */
export function requiredForTarget(target: string): readonly GoalFormField[] {
  const known = goalTargetTypes.find((type) => type === target);
  return known ? goalFieldsRequiredByTarget[known] : [];
}

export type GoalFormMessage = (field: GoalFormField, contractMessage: string) => string;

/**
 * The form's zod schema for react-hook-form's zod resolver: the contract's own rules (the ones the
 * platform checks) on `toCreateGoalBody` of the text, every failing field at once, each in the
 * portal's words from `message`. Valid text becomes the body with `toCreateGoalBody`.
 */
export function goalFormSchema(message: GoalFormMessage) {
  const field = z.enum(goalFormFields);
  return z
    .object(
      Object.fromEntries(goalFormFields.map((name) => [name, z.string()])) as Record<
        GoalFormField,
        z.ZodMiniString<string>
      >,
    )
    .check(
      z.superRefine((values, context) => {
        const result = createGoalBodySchema.safeParse(toCreateGoalBody(values));
        const failed = new Set<GoalFormField>();
        const report = (name: GoalFormField, contractMessage: string) => {
          if (failed.has(name)) return;
          failed.add(name);
          context.addIssue({ code: 'custom', path: [name], message: message(name, contractMessage) });
        };
        for (const issue of result.success ? [] : result.error.issues) {
          const name = field.safeParse(issue.path[0]);
          if (name.success) report(name.data, issue.message);
        }
        // The contract checks these only once the rest is valid; the form says so at once.
        for (const name of requiredForTarget(values.target)) {
          if (values[name].trim() === '') report(name, 'is required');
        }
      }),
    );
}
