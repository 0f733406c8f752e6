import * as z from 'zod/mini';
import { baseTypes, budgetCategories, transactionStatuses } from './aggregation-enums.ts';
import {
  databaseIdArraySchema,
  databaseIdSchema,
  dateSchema,
  decimalSchema,
  decimalTotalSchema,
  idListSchema,
  moneySchema,
} from './money.ts';
import { cursorQuerySchema, pagingSchema } from './paging.ts';
import { unsupportedField } from './unsupported.ts';

export const transactionSchema = z.object({
  id: z.int(),
  account_id: z.int(),
  base_type: z.enum(baseTypes),
  status: z.enum(transactionStatuses),
  transaction_date: dateSchema,
  post_date: z.nullable(dateSchema),
  amount: moneySchema,
  description: z.object({
    original: z.string(),
    simple: z.nullable(z.string()),
    user: z.nullable(z.string()),
  }),
  budget_category: z.enum(budgetCategories),
  category: z.nullable(z.object({ id: z.int(), name: z.string() })),
  merchant: z.nullable(z.object({ name: z.string() })),
  included: z.boolean(),
  memo: z.nullable(z.string()),
  user_tags: z.array(z.string()),
  external_id: z.nullable(z.string()),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** A tag as `transactions/tags` keeps it and the `tags` filter names it. */
const tagNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(50));

/** The most tags one `tags` filter names. */
export const maxTagsPerFilter = 20;

/**
 * A comma-joined list of tags in a query string, e.g. `tags=tax,review` (reference §5 lists `tags`
 * with the id lists). A tag added since 2026-12-03 holds no comma, so that it can be named here.
 */
export const tagListSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(maxTagsPerFilter * 51)),
    z.transform((value: string) => value.split(',')),
  ),
  z.array(tagNameSchema).check(z.minLength(1), z.maxLength(maxTagsPerFilter)),
);

/** The filters `transactions` and `transactions/summary` share (reference §5), each on its own. */
export const transactionFilterFields = z.object({
  account_ids: z.optional(idListSchema),
  transaction_ids: z.optional(idListSchema),
  from_date: z.optional(dateSchema),
  to_date: z.optional(dateSchema),
  transaction_category_ids: z.optional(idListSchema),
  budget_category: z.optional(z.enum(budgetCategories)),
  base_type: z.optional(z.enum(['debit', 'credit', 'debit_credit'])),
  min_amount: z.optional(decimalSchema),
  max_amount: z.optional(decimalSchema),
  search_term: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  transaction_included: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value) => value === 'true'),
    ),
  ),
  /** Only the transactions of accounts the client counts (`true`) or leaves out (`false`). */
  account_included: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value) => value === 'true'),
    ),
  ),
  /** Only pending, or only posted, transactions (a pending one may still change or go). */
  status: z.optional(z.enum(transactionStatuses)),
  /** Only transactions carrying at least one of these tags (`user_tags`), compared exactly. */
  tags: z.optional(tagListSchema),
  // Filters of the reference the platform's data cannot answer: refused by name (400) rather than
  // dropped, which would answer every transaction as if it matched.
  merchant_ids: unsupportedField('merchants have no ids here; search_term matches the merchant’s name'),
  bill_id: unsupportedField('there are no bills here'),
  goal_id: unsupportedField('transactions are not linked to goals here'),
});

interface FilterRanges {
  from_date?: string | undefined;
  to_date?: string | undefined;
  min_amount?: string | undefined;
  max_amount?: string | undefined;
}

/** Ranges are checked as a whole (each date is a real day by `dateSchema`): the lower not above the upper. */
function checkFilterRanges(filter: FilterRanges, context: z.core.$RefinementCtx): void {
  if (filter.from_date && filter.to_date && filter.from_date > filter.to_date)
    context.addIssue({ code: 'custom', path: ['to_date'], message: 'must not be before from_date' });
  if (filter.min_amount && filter.max_amount && Number(filter.min_amount) > Number(filter.max_amount))
    context.addIssue({ code: 'custom', path: ['max_amount'], message: 'must not be less than min_amount' });
}

export const transactionFilterQuerySchema = transactionFilterFields.check(z.superRefine(checkFilterRanges));
export type TransactionFilter = z.infer<typeof transactionFilterQuerySchema>;

export const listTransactionsQuerySchema = z
  .extend(transactionFilterFields, cursorQuerySchema.shape)
  .check(z.superRefine(checkFilterRanges));
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

export const transactionListResponseSchema = z.object({
  data: z.array(transactionSchema),
  paging: pagingSchema,
});
export const transactionResponseSchema = z.object({ data: transactionSchema });

/**
 * The reference's "apply to similar transactions" flags (`recategorise_all`, `budget_apply_all`,
 * `include_apply_all`): `false` is what the platform does; `true` is refused by name (400) rather
 * than changing one transaction where the caller asked for all similar ones.
 */
const applyToSimilarFlag = z.optional(
  z.literal(false, {
    error: 'is not supported: name each transaction with PUT transactions/bulk',
  }),
);

/** `PUT api/v2/transactions/{id}` (reference §5: budget_category is required). */
export const updateTransactionBodySchema = z.object({
  budget_category: z.enum(budgetCategories),
  category_id: z.optional(databaseIdSchema),
  included: z.optional(z.boolean()),
  memo: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  user_description: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200)))),
  recategorise_all: applyToSimilarFlag,
  budget_apply_all: applyToSimilarFlag,
  include_apply_all: applyToSimilarFlag,
});
export type UpdateTransactionBody = z.infer<typeof updateTransactionBodySchema>;

/**
 * `PUT api/v2/transactions/bulk`: the same change to many transactions, all or none. The budget
 * category is optional here, so that transactions of different budgets can be included or
 * excluded together; a change names at least one field.
 */
export const bulkUpdateTransactionsBodySchema = z
  .extend(updateTransactionBodySchema, {
    budget_category: z.optional(z.enum(budgetCategories)),
    transaction_ids: databaseIdArraySchema,
  })
  .check(
    z.refine(
      ({ budget_category, category_id, included, memo, user_description }) =>
        [budget_category, category_id, included, memo, user_description].some((value) => value !== undefined),
      {
        message: 'must change at least one of budget_category, category_id, included, memo, user_description',
        path: ['budget_category'],
      },
    ),
  );
export type BulkUpdateTransactionsBody = z.infer<typeof bulkUpdateTransactionsBodySchema>;
/** One change as the platform applies it to each transaction it names. */
export type TransactionChange = Omit<BulkUpdateTransactionsBody, 'transaction_ids'>;

/** The most tags one transaction keeps: adding past it is refused (400, `body.tags`). */
export const maxTagsPerTransaction = 50;

/** `DELETE api/v2/transactions/tags`: any tag a transaction holds, one with a comma added before 2026-12-03 too. */
export const transactionTagsBodySchema = z.object({
  transaction_ids: databaseIdArraySchema,
  tags: z.array(tagNameSchema).check(z.minLength(1), z.maxLength(20)),
});
export type TransactionTagsBody = z.infer<typeof transactionTagsBodySchema>;

/** `POST api/v2/transactions/tags`: a new tag holds no comma, so that the `tags` filter can name it. */
export const addTransactionTagsBodySchema = z.object({
  transaction_ids: transactionTagsBodySchema.shape.transaction_ids,
  tags: z
    .array(tagNameSchema.check(z.refine((tag) => !tag.includes(','), 'must not contain a comma')))
    .check(z.minLength(1), z.maxLength(20)),
});
export type AddTransactionTagsBody = z.infer<typeof addTransactionTagsBodySchema>;

export const transactionIdsResponseSchema = z.object({
  data: z.object({ transaction_ids: z.array(z.number()) }),
});

export const transactionSummaryQuerySchema = z
  .extend(transactionFilterFields, { period: z.optional(z.enum(['monthly'])) })
  .check(z.superRefine(checkFilterRanges));
export const transactionSummaryResponseSchema = z.object({
  data: z.object({
    count: z.int(),
    sum: decimalTotalSchema,
    months: z.optional(z.array(z.object({ month: z.string(), count: z.int(), sum: decimalTotalSchema }))),
  }),
});
