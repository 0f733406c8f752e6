import { imageListResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/adviser/images` (spec §7 Adviser). */
export async function listAdviserImages(
  client: ApiClient,
  options: CallOptions = {},
): Promise<z.infer<typeof imageListResponseSchema>['data']> {
  const response = await client.request({
    path: '/api/adviser/images',
    schema: imageListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
