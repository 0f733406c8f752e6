import {
  type FinancialPassport,
  type financialPassportQuerySchema,
  financialPassportResponseSchema,
} from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/financialpassport` (spec §7 Affordability). */
export async function getFinancialPassport(
  client: ApiClient,
  query?: z.input<typeof financialPassportQuerySchema>,
  options: CallOptions = {},
): Promise<FinancialPassport> {
  const response = await client.request({
    path: '/api/v2/financialpassport',
    query: query as Record<string, QueryValue> | undefined,
    schema: financialPassportResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
