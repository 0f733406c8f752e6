import { z } from 'zod';
import { dateSchema, decimalSchema, idListSchema } from './money.ts';

/** `GET api/v2/financialpassport`: the default range is the year before today (reference §8). */
export const financialPassportQuerySchema = z.object({
  account_ids: idListSchema.optional(),
  from_date: dateSchema.optional(),
  to_date: dateSchema.optional(),
});

/** Every figure carries the transactions it was computed from, so an adviser can check it. */
const tracedSchema = z.object({
  total: decimalSchema,
  monthly_average: decimalSchema,
  transaction_ids: z.array(z.number()),
});

/** A transaction a figure was computed from, as the report shows it when a figure is expanded. */
export const passportTransactionSchema = z.object({
  id: z.number(),
  account_id: z.number(),
  date: dateSchema,
  description: z.string(),
  amount: decimalSchema,
});
export type PassportTransaction = z.infer<typeof passportTransactionSchema>;

export const financialPassportSchema = z.object({
  created_at: z.string(),
  from_date: dateSchema,
  to_date: dateSchema,
  summary: z.object({
    totals: z.object({
      income: decimalSchema,
      expenses: decimalSchema,
      net_balance: decimalSchema,
      assets: decimalSchema,
      liabilities: decimalSchema,
    }),
    /** Share of income not spent, in percent to one place; null without income. */
    savings_rate: z.string().nullable(),
  }),
  income: z.object({
    breakdown: z.array(
      tracedSchema.extend({
        source: z.string(),
        category: z.object({ key: z.string(), name: z.string() }),
        regularity: z.enum(['weekly', 'fortnightly', 'monthly', 'irregular']),
      }),
    ),
  }),
  expenses: z.object({
    breakdown: z.array(tracedSchema.extend({ category: z.object({ key: z.string(), name: z.string() }) })),
  }),
  liabilities: z.object({
    breakdown: z.array(
      tracedSchema.extend({
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
    dishonours: tracedSchema.extend({ count: z.number().int() }),
    overdrawn_days: z.object({
      count: z.number().int(),
      account_ids: z.array(z.number()),
      by_account: z.array(z.object({ account_id: z.number(), days: z.number().int() })),
    }),
  }),
  /** The accounts the report covers. */
  accounts: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })),
  /** Every transaction some figure lists, oldest first, so each figure expands without another call. */
  transactions: z.array(passportTransactionSchema),
});
export type FinancialPassport = z.infer<typeof financialPassportSchema>;
export const financialPassportResponseSchema = z.object({ data: financialPassportSchema });
