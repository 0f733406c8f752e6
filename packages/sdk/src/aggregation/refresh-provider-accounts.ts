import { type ProviderAccount, providerAccountListResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `PUT api/v2/provideraccounts?provideraccount_ids=…`: queues a refresh of each; answers them marked `updating`. */
export async function refreshProviderAccounts(
  client: ApiClient,
  ids: readonly number[],
  options: CallOptions = {},
): Promise<ProviderAccount[]> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/v2/provideraccounts?provideraccount_ids=${ids.join(',')}`,
    body: {},
    schema: providerAccountListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
