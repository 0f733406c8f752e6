import { z } from 'zod';
import { baseTypes, budgetCategories, transactionStatuses } from './aggregation-enums.ts';
import { databaseIdSchema, dateSchema, decimalSchema, idListSchema, moneySchema } from './money.ts';
import { cursorQuerySchema, pagingSchema } from './paging.ts';

export const transactionSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  base_type: z.enum(baseTypes),
  status: z.enum(transactionStatuses),
  transaction_date: dateSchema,
  post_date: dateSchema.nullable(),
  amount: moneySchema,
  description: z.object({ original: z.string(), simple: z.string().nullable(), user: z.string().nullable() }),
  budget_category: z.enum(budgetCategories),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  merchant: z.object({ name: z.string() }).nullable(),
  included: z.boolean(),
  memo: z.string().nullable(),
  user_tags: z.array(z.string()),
  external_id: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** The filters `transactions` and `transactions/summary` share (reference §5), each on its own. */
export const transactionFilterFields = z.object({
  account_ids: idListSchema.optional(),
  transaction_ids: idListSchema.optional(),
  from_date: dateSchema.optional(),
  to_date: dateSchema.optional(),
  transaction_category_ids: idListSchema.optional(),
  budget_category: z.enum(budgetCategories).optional(),
  base_type: z.enum(['debit', 'credit', 'debit_credit']).optional(),
  min_amount: decimalSchema.optional(),
  max_amount: decimalSchema.optional(),
  search_term: z.string().trim().min(1).max(100).optional(),
  transaction_included: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** A YYYY-MM-DD string that names a real calendar day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

interface FilterRanges {
  from_date?: string | undefined;
  to_date?: string | undefined;
  min_amount?: string | undefined;
  max_amount?: string | undefined;
}

/** Ranges are checked as a whole: each bound a real value, and the lower not above the upper. */
function checkFilterRanges(filter: FilterRanges, context: z.RefinementCtx): void {
  for (const field of ['from_date', 'to_date'] as const) {
    const value = filter[field];
    if (value !== undefined && !isCalendarDate(value))
      context.addIssue({ code: 'custom', path: [field], message: 'must be a real calendar date' });
  }
  if (filter.from_date && filter.to_date && filter.from_date > filter.to_date)
    context.addIssue({ code: 'custom', path: ['to_date'], message: 'must not be before from_date' });
  if (filter.min_amount && filter.max_amount && Number(filter.min_amount) > Number(filter.max_amount))
    context.addIssue({ code: 'custom', path: ['max_amount'], message: 'must not be less than min_amount' });
}

export const transactionFilterQuerySchema = transactionFilterFields.superRefine(checkFilterRanges);
export type TransactionFilter = z.infer<typeof transactionFilterQuerySchema>;

export const listTransactionsQuerySchema = transactionFilterFields
  .extend(cursorQuerySchema.shape)
  .superRefine(checkFilterRanges);
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

export const transactionListResponseSchema = z.object({
  data: z.array(transactionSchema),
  paging: pagingSchema,
});
export const transactionResponseSchema = z.object({ data: transactionSchema });

/** `PUT api/v2/transactions/{id}` (reference §5: budget_category is required). */
export const updateTransactionBodySchema = z.object({
  budget_category: z.enum(budgetCategories),
  category_id: databaseIdSchema.optional(),
  included: z.boolean().optional(),
  memo: z.string().max(500).nullable().optional(),
  user_description: z.string().trim().max(200).nullable().optional(),
});
export type UpdateTransactionBody = z.infer<typeof updateTransactionBodySchema>;

/**
 * `PUT api/v2/transactions/bulk`: the same change to many transactions, all or none. The budget
 * category is optional here, so that transactions of different budgets can be included or
 * excluded together; a change names at least one field.
 */
export const bulkUpdateTransactionsBodySchema = updateTransactionBodySchema
  .extend({
    budget_category: z.enum(budgetCategories).optional(),
    transaction_ids: z.array(databaseIdSchema).min(1).max(500),
  })
  .refine(
    ({ transaction_ids: _ids, ...change }) => Object.values(change).some((value) => value !== undefined),
    {
      message: 'must change at least one of budget_category, category_id, included, memo, user_description',
      path: ['budget_category'],
    },
  );
export type BulkUpdateTransactionsBody = z.infer<typeof bulkUpdateTransactionsBodySchema>;
/** One change as the platform applies it to each transaction it names. */
export type TransactionChange = Omit<BulkUpdateTransactionsBody, 'transaction_ids'>;

export const transactionTagsBodySchema = z.object({
  transaction_ids: z.array(databaseIdSchema).min(1).max(500),
  tags: z.array(z.string().trim().min(1).max(50)).min(1).max(20),
});
export type TransactionTagsBody = z.infer<typeof transactionTagsBodySchema>;

export const transactionIdsResponseSchema = z.object({
  data: z.object({ transaction_ids: z.array(z.number()) }),
});

export const transactionSummaryQuerySchema = transactionFilterFields
  .extend({ period: z.enum(['monthly']).optional() })
  .superRefine(checkFilterRanges);
export const transactionSummaryResponseSchema = z.object({
  data: z.object({
    count: z.number().int(),
    sum: decimalSchema,
    months: z.array(z.object({ month: z.string(), count: z.number().int(), sum: decimalSchema })).optional(),
  }),
});
