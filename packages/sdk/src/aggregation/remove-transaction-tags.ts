import { type TransactionTagsBody, transactionIdsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `DELETE api/v2/transactions/tags` with a body. */
export async function removeTransactionTags(
  client: ApiClient,
  body: TransactionTagsBody,
  options: CallOptions = {},
): Promise<number[]> {
  const response = await client.request({
    method: 'DELETE',
    path: '/api/v2/transactions/tags',
    body: body,
    schema: transactionIdsResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data.transaction_ids;
}
