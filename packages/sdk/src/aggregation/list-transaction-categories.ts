import { type TransactionCategory, transactionCategoryListResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/transactions/categories`. */
export async function listTransactionCategories(
  client: ApiClient,
  options: CallOptions = {},
): Promise<TransactionCategory[]> {
  const response = await client.request({
    path: '/api/v2/transactions/categories',
    schema: transactionCategoryListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
