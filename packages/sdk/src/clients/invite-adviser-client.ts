import { type inviteUserBodySchema, type ManagedUser, managedUserResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `POST api/adviser/user/invite/legacy`: invite a client by e-mail. */
export async function inviteAdviserClient(
  client: ApiClient,
  body: z.input<typeof inviteUserBodySchema>,
  options: CallOptions = {},
): Promise<ManagedUser> {
  const response = await client.request({
    method: 'POST',
    path: '/api/adviser/user/invite/legacy',
    body: body,
    schema: managedUserResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
