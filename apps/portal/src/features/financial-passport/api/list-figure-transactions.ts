import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@waratah/contracts';
import { type ApiClient, listTransactions } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** Rows of one figure on a page of its table. */
export const FIGURE_PAGE_SIZE = 10;

export type FigureOrder = 'asc' | 'desc';

/**
 * The ids on one page of a figure, in the order the table shows them. The report names a figure's
 * transactions oldest first, so newest first is that list from its end.
 */
export function figurePageIds(
  idsOldestFirst: readonly number[],
  page: number,
  order: FigureOrder,
  pageSize = FIGURE_PAGE_SIZE,
): number[] {
  const start = (page - 1) * pageSize;
  if (order === 'asc') return idsOldestFirst.slice(start, start + pageSize);
  const end = idsOldestFirst.length - start;
  return idsOldestFirst.slice(Math.max(0, end - pageSize), Math.max(0, end)).reverse();
}

/** `GET api/v2/transactions?transaction_ids=…` for one page of a figure, in the page's own order. */
export async function listFigureTransactions(
  client: ApiClient,
  clientId: number,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const answer = await listTransactions(
    client,
    { transaction_ids: ids.join(','), size: ids.length },
    { userId: clientId, ...(signal && { signal }) },
  );
  const byId = new Map(answer.data.map((transaction) => [transaction.id, transaction]));
  // A transaction deleted since the report was worked out is left out rather than failing the page.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function figureTransactionsQueryOptions(client: ApiClient, clientId: number, ids: readonly number[]) {
  return queryOptions({
    queryKey: ['clients', clientId, 'financial-passport', 'transactions', ids] as const,
    queryFn: ({ signal }) => listFigureTransactions(client, clientId, ids, signal),
    enabled: ids.length > 0,
  });
}

/**
 * The rows of one page of a figure, fetched when the adviser opens it: a busy client's report
 * names tens of thousands of transactions, and only the page on screen is read. The page being
 * left stays on screen until the next arrives.
 */
export function useFigureTransactions(clientId: number, ids: readonly number[]) {
  return useQuery({
    ...figureTransactionsQueryOptions(useApiClient(), clientId, ids),
    // Not for a figure with no transactions: its query never runs, so the rows of the figure
    // shown before (another period's) stayed on screen under "0 transactions" (before 2026-11-30).
    placeholderData: ids.length > 0 ? keepPreviousData : undefined,
  });
}
