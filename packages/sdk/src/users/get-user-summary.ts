import { type UserSummary, userSummaryResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';
import type { UserPrefix } from './user-prefix.ts';

/** `GET {p}/user/summary` (spec §7 User). */
export async function getUserSummary(
  client: ApiClient,
  prefix: UserPrefix = '/api/v2',
  options: CallOptions = {},
): Promise<UserSummary> {
  const response = await client.request({
    path: `${prefix}/user/summary`,
    schema: userSummaryResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
