import { type ManagedUser, managedUserResponseSchema, type UpdateManagedUserBody } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `PUT api/admin/users/{id}`; suspending needs `options.externalPartyId`. */
export async function updateAdminUser(
  client: ApiClient,
  id: number,
  change: UpdateManagedUserBody,
  options: CallOptions = {},
): Promise<ManagedUser> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/admin/users/${id}`,
    body: change,
    schema: managedUserResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
