import {
  type listManagedUsersQuerySchema,
  type ManagedUser,
  managedUserListResponseSchema,
  managedUserResponseSchema,
  type UpdateManagedUserBody,
} from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/**
 * The adviser family (`api/adviser/users`) and the admin family (`api/admin/users`) answer the
 * same calls on the same data (DESIGN §3); only the prefix differs, so both share these.
 */
export type UsersFamily = 'admin' | 'adviser';

export async function listManagedUsers(
  family: UsersFamily,
  client: ApiClient,
  query?: z.input<typeof listManagedUsersQuerySchema>,
  options: CallOptions = {},
): Promise<z.infer<typeof managedUserListResponseSchema>> {
  return client.request({
    path: `/api/${family}/users`,
    query: query as Record<string, QueryValue> | undefined,
    schema: managedUserListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export async function getManagedUser(
  family: UsersFamily,
  client: ApiClient,
  id: number,
  options: CallOptions = {},
): Promise<ManagedUser> {
  const response = await client.request({
    path: `/api/${family}/users/${id}`,
    schema: managedUserResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}

/** Suspending needs `options.externalPartyId`. */
export async function updateManagedUser(
  family: UsersFamily,
  client: ApiClient,
  id: number,
  change: UpdateManagedUserBody,
  options: CallOptions = {},
): Promise<ManagedUser> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/${family}/users/${id}`,
    body: change,
    schema: managedUserResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
