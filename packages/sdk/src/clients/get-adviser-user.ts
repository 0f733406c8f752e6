import { type ManagedUser, managedUserResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/adviser/users/{id}`. */
export async function getAdviserUser(
  client: ApiClient,
  id: number,
  options: CallOptions = {},
): Promise<ManagedUser> {
  const response = await client.request({
    path: `/api/adviser/users/${id}`,
    schema: managedUserResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
