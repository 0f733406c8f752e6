import { type Goal, goalListResponseSchema, type listGoalsQuerySchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/goals` (spec §7 Goals): by status or status group. */
export async function listGoals(
  client: ApiClient,
  query?: z.input<typeof listGoalsQuerySchema>,
  options: CallOptions = {},
): Promise<Goal[]> {
  const response = await client.request({
    path: '/api/v2/goals',
    query: query as Record<string, QueryValue> | undefined,
    schema: goalListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
