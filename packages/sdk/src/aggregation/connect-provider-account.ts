import {
  type ConnectProviderAccountBody,
  type ProviderAccount,
  providerAccountResponseSchema,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `POST api/v2/provideraccounts`: connects an open-banking provider; its first refresh is queued. */
export async function connectProviderAccount(
  client: ApiClient,
  body: ConnectProviderAccountBody,
  options: CallOptions = {},
): Promise<ProviderAccount> {
  const response = await client.request({
    method: 'POST',
    path: '/api/v2/provideraccounts',
    body,
    schema: providerAccountResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
