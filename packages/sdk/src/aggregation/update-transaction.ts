import { type Transaction, transactionResponseSchema, type UpdateTransactionBody } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `PUT api/v2/transactions/{id}`. */
export async function updateTransaction(
  client: ApiClient,
  id: number,
  change: UpdateTransactionBody,
  options: CallOptions = {},
): Promise<Transaction> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/v2/transactions/${id}`,
    body: change,
    schema: transactionResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
