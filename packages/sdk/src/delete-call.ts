import * as z from 'zod/mini';
import type { ApiClient } from './create-api-client.ts';
import { type CallOptions, callHeaders } from './on-behalf.ts';

/**
 * A DELETE that answers 204 with no body. It sends `{}`: the client always declares a JSON body,
 * and the server refuses a declared JSON body that is empty.
 */
export async function deleteCall(client: ApiClient, path: string, options: CallOptions = {}): Promise<void> {
  await client.request({
    method: 'DELETE',
    path,
    body: {},
    schema: z.undefined(),
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
