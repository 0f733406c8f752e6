import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Transaction } from '@waratah/contracts';
import type { listTransactions } from '@waratah/sdk';
import { transactionListsKey } from './list-transactions.ts';

type TransactionPage = Awaited<ReturnType<typeof listTransactions>>;
export type CachedTransactionPages = [QueryKey, TransactionPage | undefined][];

/**
 * Shows a change at once on every cached page that holds the changed rows; answers what was
 * there before, to put back if the platform refuses the change.
 */
export async function patchCachedTransactions(
  queryClient: QueryClient,
  clientId: number,
  ids: readonly number[],
  patch: (transaction: Transaction) => Transaction,
): Promise<CachedTransactionPages> {
  const key = transactionListsKey(clientId);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueriesData<TransactionPage>({ queryKey: key });
  const changed = new Set(ids);
  queryClient.setQueriesData<TransactionPage>({ queryKey: key }, (page) =>
    page ? { ...page, data: page.data.map((row) => (changed.has(row.id) ? patch(row) : row)) } : page,
  );
  return previous;
}

export function restoreCachedTransactions(queryClient: QueryClient, previous: CachedTransactionPages): void {
  for (const [key, page] of previous) queryClient.setQueryData(key, page);
}
