import { z } from 'zod';
import { baseTypes, budgetCategories, transactionStatuses } from './aggregation-enums.ts';
import { dateSchema, decimalSchema, idListSchema, moneySchema } from './money.ts';
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

/** The filters `transactions` and `transactions/summary` share (reference §5). */
export const transactionFilterQuerySchema = z.object({
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
export type TransactionFilter = z.infer<typeof transactionFilterQuerySchema>;

export const listTransactionsQuerySchema = transactionFilterQuerySchema.extend(cursorQuerySchema.shape);
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

export const transactionListResponseSchema = z.object({
  data: z.array(transactionSchema),
  paging: pagingSchema,
});
export const transactionResponseSchema = z.object({ data: transactionSchema });

/** `PUT api/v2/transactions/{id}` (reference §5: budget_category is required). */
export const updateTransactionBodySchema = z.object({
  budget_category: z.enum(budgetCategories),
  category_id: z.number().int().positive().optional(),
  included: z.boolean().optional(),
  memo: z.string().max(500).nullable().optional(),
  user_description: z.string().trim().max(200).nullable().optional(),
});
export type UpdateTransactionBody = z.infer<typeof updateTransactionBodySchema>;

/** `PUT api/v2/transactions/bulk`: the same change to many transactions, all or none. */
export const bulkUpdateTransactionsBodySchema = updateTransactionBodySchema.extend({
  transaction_ids: z.array(z.number().int().positive()).min(1).max(500),
});

export const transactionTagsBodySchema = z.object({
  transaction_ids: z.array(z.number().int().positive()).min(1).max(500),
  tags: z.array(z.string().trim().min(1).max(50)).min(1).max(20),
});
export type TransactionTagsBody = z.infer<typeof transactionTagsBodySchema>;

export const transactionIdsResponseSchema = z.object({
  data: z.object({ transaction_ids: z.array(z.number()) }),
});

export const transactionSummaryQuerySchema = transactionFilterQuerySchema.extend({
  period: z.enum(['monthly']).optional(),
});
export const transactionSummaryResponseSchema = z.object({
  data: z.object({
    count: z.number().int(),
    sum: decimalSchema,
    months: z.array(z.object({ month: z.string(), count: z.number().int(), sum: decimalSchema })).optional(),
  }),
});
