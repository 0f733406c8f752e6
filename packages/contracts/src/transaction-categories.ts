import { z } from 'zod';
import { budgetCategories, categoryTypes } from './aggregation-enums.ts';

export const transactionCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category_type: z.enum(categoryTypes),
  default_budget_category: z.enum(budgetCategories),
  placement: z.number().int(),
  user_defined: z.boolean(),
});
export type TransactionCategory = z.infer<typeof transactionCategorySchema>;

export const transactionCategoryListResponseSchema = z.object({ data: z.array(transactionCategorySchema) });
