import { type UpdateUserDetailsBody, type UserDetails, userDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';
import type { UserPrefix } from './user-prefix.ts';

/** `PUT {p}/user/details` (spec §7 User). */
export async function updateUserDetails(
  client: ApiClient,
  change: UpdateUserDetailsBody,
  prefix: UserPrefix = '/api/v2',
  options: CallOptions = {},
): Promise<UserDetails> {
  const response = await client.request({
    method: 'PUT',
    path: `${prefix}/user/details`,
    body: change,
    schema: userDetailsResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
