import { type bulkUpdateTransactionsBodySchema, transactionIdsResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `PUT api/v2/transactions/bulk`: one change to many transactions, all or none. */
export async function bulkUpdateTransactions(
  client: ApiClient,
  change: z.input<typeof bulkUpdateTransactionsBodySchema>,
  options: CallOptions = {},
): Promise<number[]> {
  const response = await client.request({
    method: 'PUT',
    path: '/api/v2/transactions/bulk',
    body: change,
    schema: transactionIdsResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data.transaction_ids;
}
