import { type ManagedUser, managedUserResponseSchema, type UpdateManagedUserBody } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `PUT api/adviser/users/{id}`; suspending needs `options.externalPartyId`. */
export async function updateAdviserUser(
  client: ApiClient,
  id: number,
  change: UpdateManagedUserBody,
  options: CallOptions = {},
): Promise<ManagedUser> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/adviser/users/${id}`,
    body: change,
    schema: managedUserResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
