import * as z from 'zod/mini';
import { budgetCategories } from './aggregation-enums.ts';
import { dateSchema, idListSchema } from './money.ts';
import { onlyValue } from './unsupported.ts';

/**
 * The report periods of the platform family (reference §7), bucketed on Australia/Sydney calendar
 * dates: weeks start on Monday; fortnights and four-week spans count from the Monday of the
 * range's first week; months, two-month, quarter and half-year spans follow the calendar (so also
 * the financial year); `annually` is the Australian financial year (1 July – 30 June);
 * `business_month` runs from a month's first weekday to the day before the next month's.
 */
export const reportPeriods = [
  'daily',
  'weekly',
  'fortnightly',
  'four_weekly',
  'monthly',
  'bimonthly',
  'quarterly',
  'biannually',
  'annually',
  'business_month',
] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** `GET api/v2/reports/transactions/budget_categories[/{id}]`; `id` is the budget category 0–4. */
export const budgetCategoryReportQuerySchema = z
  .object({
    period: z._default(z.enum(reportPeriods), 'monthly'),
    from_date: z.optional(dateSchema),
    to_date: z.optional(dateSchema),
    account_ids: z.optional(idListSchema),
    base_type: z.optional(z.enum(['credit', 'debit'])),
    // The reference's other groupings (§7: category, merchant, tag, budget) are refused by name
    // (docs/errors.md; before 2026-12-03 dropped, and answered by budget category).
    grouping: onlyValue('budget_category', 'this report groups by budget_category only'),
  })
  .check(
    // Before 2026-11-30 a range ending before it began answered 200 with no periods. A from_date
    // given alone is checked against its to_date, Sydney's today, by the platform.
    z.superRefine(({ from_date, to_date }, context) => {
      if (from_date && to_date && to_date < from_date)
        context.addIssue({ code: 'custom', path: ['to_date'], message: 'must not be before from_date' });
      // Four-digit years: the periods are written and compared as text.
      if (from_date && from_date < '1000-01-01')
        context.addIssue({ code: 'custom', path: ['from_date'], message: 'must be in year 1000 or later' });
      // The default from_date is 11 months before: before 2026-12-03 a to_date in year 1 put it in
      // year 0, which PostgreSQL has not, and the report answered 500.
      if (to_date && to_date < '1000-01-01')
        context.addIssue({ code: 'custom', path: ['to_date'], message: 'must be in year 1000 or later' });
    }),
  );
export const budgetCategoryReportParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.gte(0), z.lte(4)),
});

const reportGroupSchema = z.object({
  id: z.int(),
  name: z.enum(budgetCategories),
  /** Report values are positive numbers with an income flag (reference §7), in dollars to the cent. */
  value: z.number(),
  income: z.boolean(),
  transaction_ids: z.array(z.int()),
});
export const budgetCategoryReportResponseSchema = z.object({
  data: z.array(
    z.object({
      date: dateSchema,
      value: z.number(),
      income: z.boolean(),
      groups: z.array(reportGroupSchema),
    }),
  ),
});
export type BudgetCategoryReport = z.infer<typeof budgetCategoryReportResponseSchema>['data'];
