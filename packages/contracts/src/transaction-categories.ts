import * as z from 'zod/mini';
import { budgetCategories, categoryTypes } from './aggregation-enums.ts';

export const transactionCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  category_type: z.enum(categoryTypes),
  default_budget_category: z.enum(budgetCategories),
  placement: z.int(),
  user_defined: z.boolean(),
});
export type TransactionCategory = z.infer<typeof transactionCategorySchema>;

export const transactionCategoryListResponseSchema = z.object({ data: z.array(transactionCategorySchema) });
