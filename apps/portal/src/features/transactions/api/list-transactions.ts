import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listTransactions } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import type { TransactionFilters, TransactionPagePosition } from '../utils/transaction-filters.ts';

type ListTransactionsInput = NonNullable<Parameters<typeof listTransactions>[1]>;

/** Rows per page: a screenful that stays quick however many transactions the client has. */
export const TRANSACTIONS_PAGE_SIZE = 50;

/** Every cached list of one client's transactions starts with this key. */
export function transactionListsKey(clientId: number) {
  return ['clients', clientId, 'transactions', 'list'] as const;
}

/** `GET api/v2/transactions` on behalf of the client (X-User-Id), one keyset page. */
export function transactionsQueryOptions(
  client: ApiClient,
  clientId: number,
  filters: TransactionFilters,
  position: TransactionPagePosition,
) {
  const cursor = position.after
    ? { after: position.after }
    : position.before
      ? { before: position.before }
      : {};
  // The filters were read through the contract's own schemas (readTransactionFilters).
  const query = { ...filters, ...cursor, size: TRANSACTIONS_PAGE_SIZE } as ListTransactionsInput;
  return queryOptions({
    queryKey: [...transactionListsKey(clientId), query],
    queryFn: ({ signal }) => listTransactions(client, query, { userId: clientId, signal }),
    // The page being left stays on screen until the next arrives, so paging never flashes empty.
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(
  clientId: number,
  filters: TransactionFilters,
  position: TransactionPagePosition,
) {
  return useQuery(transactionsQueryOptions(useApiClient(), clientId, filters, position));
}
