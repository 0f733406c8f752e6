import { type listManagedUsersQuerySchema, managedUserListResponseSchema } from '@waratah/contracts';
import type { z } from 'zod';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/admin/users` (spec §7 Admin): the caller's clients, searched, sorted and paged. */
export async function listAdminUsers(
  client: ApiClient,
  query?: z.input<typeof listManagedUsersQuerySchema>,
  options: CallOptions = {},
): Promise<z.infer<typeof managedUserListResponseSchema>> {
  const response = await client.request({
    path: '/api/admin/users',
    query: query as Record<string, QueryValue> | undefined,
    schema: managedUserListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response;
}
