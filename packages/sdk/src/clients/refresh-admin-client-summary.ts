import { type UserSummary, userSummaryResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `PUT api/admin/user/summary/{id}`: a client's summary, recomputed. */
export async function refreshAdminClientSummary(
  client: ApiClient,
  id: number,
  options: CallOptions = {},
): Promise<UserSummary> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/admin/user/summary/${id}`,
    body: {},
    schema: userSummaryResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
