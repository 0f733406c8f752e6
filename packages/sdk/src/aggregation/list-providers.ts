import { type listProvidersQuerySchema, type Provider, providerListResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/providers` (spec §7 Aggregation): filter by name substring and status. */
export async function listProviders(
  client: ApiClient,
  query?: z.input<typeof listProvidersQuerySchema>,
  options: CallOptions = {},
): Promise<Provider[]> {
  const response = await client.request({
    path: '/api/v2/providers',
    query: query as Record<string, QueryValue> | undefined,
    schema: providerListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
