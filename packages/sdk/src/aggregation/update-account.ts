import { type Account, accountResponseSchema, type UpdateAccountBody } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `PUT api/v2/accounts/{id}`: included, hidden, nick name. */
export async function updateAccount(
  client: ApiClient,
  id: number,
  change: UpdateAccountBody,
  options: CallOptions = {},
): Promise<Account> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/v2/accounts/${id}`,
    body: change,
    schema: accountResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
