import { type ProviderAccount, providerAccountListResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/provideraccounts`. */
export async function listProviderAccounts(
  client: ApiClient,
  options: CallOptions = {},
): Promise<ProviderAccount[]> {
  const response = await client.request({
    path: '/api/v2/provideraccounts',
    schema: providerAccountListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
