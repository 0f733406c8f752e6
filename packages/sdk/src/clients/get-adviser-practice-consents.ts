import {
  type PracticeConsents,
  type practiceConsentsQuerySchema,
  practiceConsentsResponseSchema,
} from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/adviser/users/consents`: the practice's consents ending within 30 days, and those that ended. */
export async function getAdviserPracticeConsents(
  client: ApiClient,
  query?: z.input<typeof practiceConsentsQuerySchema>,
  options: CallOptions = {},
): Promise<PracticeConsents> {
  const response = await client.request({
    path: '/api/adviser/users/consents',
    query: query as Record<string, QueryValue> | undefined,
    schema: practiceConsentsResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
