import { type listTransactionsQuerySchema, transactionListResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/transactions`: one page; pass `paging.cursors.after` back as `after` for the next. */
export async function listTransactions(
  client: ApiClient,
  query?: z.input<typeof listTransactionsQuerySchema>,
  options: CallOptions = {},
): Promise<z.infer<typeof transactionListResponseSchema>> {
  const response = await client.request({
    path: '/api/v2/transactions',
    query: query as Record<string, QueryValue> | undefined,
    schema: transactionListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response;
}
