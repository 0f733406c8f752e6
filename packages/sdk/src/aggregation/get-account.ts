import { type Account, accountResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/accounts/{id}`. */
export async function getAccount(client: ApiClient, id: number, options: CallOptions = {}): Promise<Account> {
  const response = await client.request({
    path: `/api/v2/accounts/${id}`,
    schema: accountResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
