import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, getBudgetCategoriesReport } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import type { MonthRange } from '../utils/sydney-months.ts';

/**
 * `GET api/v2/reports/transactions/budget_categories` on behalf of the client: the included
 * transactions by month and budget category, one call for both the cash-flow chart and the last
 * complete month's categories.
 */
export function budgetMonthsQueryOptions(client: ApiClient, clientId: number, range: MonthRange) {
  return queryOptions({
    queryKey: ['clients', clientId, 'reports', 'budget-categories', range],
    queryFn: ({ signal }) =>
      getBudgetCategoriesReport(
        client,
        { period: 'monthly', from_date: range.from, to_date: range.to },
        { userId: clientId, signal },
      ),
  });
}

export function useBudgetMonths(clientId: number, range: MonthRange) {
  return useQuery(budgetMonthsQueryOptions(useApiClient(), clientId, range));
}
