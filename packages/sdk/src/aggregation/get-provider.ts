import { type Provider, providerResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/providers/{id}`. */
export async function getProvider(
  client: ApiClient,
  id: number,
  options: CallOptions = {},
): Promise<Provider> {
  const response = await client.request({
    path: `/api/v2/providers/${id}`,
    schema: providerResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
