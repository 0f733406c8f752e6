import { type CdrConfig, cdrConfigResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/config/cdr[/{id}]` (spec §7 Config): the consent configuration. */
export async function getCdrConfig(
  client: ApiClient,
  id?: string,
  options: CallOptions = {},
): Promise<CdrConfig> {
  const response = await client.request({
    path: id === undefined ? '/api/v2/config/cdr' : `/api/v2/config/cdr/${encodeURIComponent(id)}`,
    schema: cdrConfigResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
