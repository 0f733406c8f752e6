import { imageListResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/images` (spec §7 Images). */
export async function listImages(
  client: ApiClient,
  options: CallOptions = {},
): Promise<z.infer<typeof imageListResponseSchema>['data']> {
  const response = await client.request({
    path: '/api/v2/images',
    schema: imageListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
