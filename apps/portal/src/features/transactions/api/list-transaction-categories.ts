import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listTransactionCategories } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** `GET api/v2/transactions/categories`: the same list for every client, so cached once. */
export function transactionCategoriesQueryOptions(client: ApiClient, clientId: number) {
  return queryOptions({
    queryKey: ['transaction-categories'],
    queryFn: ({ signal }) => listTransactionCategories(client, { userId: clientId, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTransactionCategories(clientId: number) {
  return useQuery(transactionCategoriesQueryOptions(useApiClient(), clientId));
}
