import { type UserDetails, userDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';
import type { UserPrefix } from './user-prefix.ts';

/** `GET {p}/user/details` (spec §7 User); `prefix` is `/api/v2`, `/api/adviser/client` or `/api/admin/client`. */
export async function getUserDetails(
  client: ApiClient,
  prefix: UserPrefix = '/api/v2',
  options: CallOptions = {},
): Promise<UserDetails> {
  const response = await client.request({
    path: `${prefix}/user/details`,
    schema: userDetailsResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
