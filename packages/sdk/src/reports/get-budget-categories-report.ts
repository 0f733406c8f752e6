import {
  type BudgetCategoryReport,
  type budgetCategoryReportQuerySchema,
  budgetCategoryReportResponseSchema,
} from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/reports/transactions/budget_categories` (spec §7 Reports). */
export async function getBudgetCategoriesReport(
  client: ApiClient,
  query?: z.input<typeof budgetCategoryReportQuerySchema>,
  options: CallOptions = {},
): Promise<BudgetCategoryReport> {
  const response = await client.request({
    path: '/api/v2/reports/transactions/budget_categories',
    query: query as Record<string, QueryValue> | undefined,
    schema: budgetCategoryReportResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
