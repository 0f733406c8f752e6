import { type Transaction, transactionResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/transactions/{id}`. */
export async function getTransaction(
  client: ApiClient,
  id: number,
  options: CallOptions = {},
): Promise<Transaction> {
  const response = await client.request({
    path: `/api/v2/transactions/${id}`,
    schema: transactionResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
