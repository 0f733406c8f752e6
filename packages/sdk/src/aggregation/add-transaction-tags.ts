import { type AddTransactionTagsBody, transactionIdsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `POST api/v2/transactions/tags`. */
export async function addTransactionTags(
  client: ApiClient,
  body: AddTransactionTagsBody,
  options: CallOptions = {},
): Promise<number[]> {
  const response = await client.request({
    method: 'POST',
    path: '/api/v2/transactions/tags',
    body: body,
    schema: transactionIdsResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data.transaction_ids;
}
