import { type transactionSummaryQuerySchema, transactionSummaryResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/transactions/summary`: count and sum, by Sydney month with `period: 'monthly'`. */
export async function getTransactionsSummary(
  client: ApiClient,
  query?: z.input<typeof transactionSummaryQuerySchema>,
  options: CallOptions = {},
): Promise<z.infer<typeof transactionSummaryResponseSchema>['data']> {
  const response = await client.request({
    path: '/api/v2/transactions/summary',
    query: query as Record<string, QueryValue> | undefined,
    schema: transactionSummaryResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
