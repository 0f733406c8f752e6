import { type CreateGoalBody, type Goal, goalResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `POST api/v2/goals`. */
export async function createGoal(
  client: ApiClient,
  body: CreateGoalBody,
  options: CallOptions = {},
): Promise<Goal> {
  const response = await client.request({
    method: 'POST',
    path: '/api/v2/goals',
    body: body,
    schema: goalResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
