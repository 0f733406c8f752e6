import * as z from 'zod/mini';
import { dateRangeFault } from './calendar-date.ts';
import { dateSchema, decimalSchema, decimalTotalSchema, idListSchema } from './money.ts';
import { unsupportedField } from './unsupported.ts';

/**
 * The longest range a passport covers: to_date is before the same day this many years after
 * from_date. The portal asks for a year at most (spec §9: up to 12 months or a financial year);
 * custom dates may ask for more, but not without end.
 */
export const maxPassportYears = 10;

/** Why a passport's range cannot be reported (see `maxPassportYears`), as the message on `to_date`. */
export function passportRangeProblem(from: string, to: string): string | undefined {
  const fault = dateRangeFault({ from, to, maxYears: maxPassportYears });
  if (fault === 'backwards') return `must not be before from_date (${from})`;
  if (fault === 'too_long') return `must be less than ${maxPassportYears} years after from_date (${from})`;
  return undefined;
}

/** A passport's range, when both of its dates are given, on `to_date` (the export periods check it too). */
export function checkPassportRange(
  range: { from_date?: string | undefined; to_date?: string | undefined },
  context: z.core.$RefinementCtx,
): void {
  if (range.from_date === undefined || range.to_date === undefined) return;
  const message = passportRangeProblem(range.from_date, range.to_date);
  if (message) context.addIssue({ code: 'custom', path: ['to_date'], message });
}

/**
 * `GET api/v2/financialpassport`: the default range is the year before today (reference §8).
 * `account_ids` and `provider_account_ids` (the accounts of those connections) each narrow the
 * accounts reported, both together to the accounts both name. `aggregators` is refused by name
 * (docs/errors.md): the reference names no values for it the platform could honour.
 */
export const financialPassportQuerySchema = z
  .object({
    account_ids: z.optional(idListSchema),
    provider_account_ids: z.optional(idListSchema),
    aggregators: unsupportedField(
      'the passport is narrowed by account_ids or provider_account_ids, not by aggregator',
    ),
    from_date: z.optional(dateSchema),
    to_date: z.optional(dateSchema),
  })
  .check(z.superRefine(checkPassportRange));

/**
 * Every figure names the transactions it was summed from, oldest first, so an adviser can check it:
 * the report opens a figure's rows a page at a time through `GET transactions?transaction_ids=…`,
 * rather than every row of the period coming with the report.
 */
const tracedSchema = z.object({
  total: decimalTotalSchema,
  monthly_average: decimalTotalSchema,
  transaction_ids: z.array(z.number()),
});

export const financialPassportSchema = z.object({
  created_at: z.string(),
  from_date: dateSchema,
  to_date: dateSchema,
  summary: z.object({
    totals: z.object({
      income: decimalTotalSchema,
      expenses: decimalTotalSchema,
      net_balance: decimalTotalSchema,
      assets: decimalTotalSchema,
      liabilities: decimalTotalSchema,
    }),
    /** Share of income not spent, in percent to one place; null without income. */
    savings_rate: z.nullable(z.string()),
  }),
  income: z.object({
    breakdown: z.array(
      z.extend(tracedSchema, {
        source: z.string(),
        category: z.object({ key: z.string(), name: z.string() }),
        regularity: z.enum(['weekly', 'fortnightly', 'monthly', 'irregular']),
      }),
    ),
  }),
  expenses: z.object({
    breakdown: z.array(z.extend(tracedSchema, { category: z.object({ key: z.string(), name: z.string() }) })),
  }),
  liabilities: z.object({
    breakdown: z.array(
      z.extend(tracedSchema, {
        account_id: z.number(),
        name: z.string(),
        type: z.string(),
        balance: decimalSchema,
      }),
    ),
  }),
  responsible_lending_indicators: z.object({
    gambling: tracedSchema,
    bnpl: tracedSchema,
    dishonours: z.extend(tracedSchema, { count: z.int() }),
    overdrawn_days: z.object({
      count: z.int(),
      account_ids: z.array(z.number()),
      by_account: z.array(z.object({ account_id: z.number(), days: z.int() })),
    }),
  }),
  /** The accounts the report covers. */
  accounts: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })),
});
export type FinancialPassport = z.infer<typeof financialPassportSchema>;
export const financialPassportResponseSchema = z.object({ data: financialPassportSchema });
