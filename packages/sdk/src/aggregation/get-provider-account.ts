import { type ProviderAccount, providerAccountResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/provideraccounts/{id}`. */
export async function getProviderAccount(
  client: ApiClient,
  id: number,
  options: CallOptions = {},
): Promise<ProviderAccount> {
  const response = await client.request({
    path: `/api/v2/provideraccounts/${id}`,
    schema: providerAccountResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
