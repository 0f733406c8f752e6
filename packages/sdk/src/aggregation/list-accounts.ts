import { type Account, accountListResponseSchema, type listAccountsQuerySchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/accounts`: the client's accounts. */
export async function listAccounts(
  client: ApiClient,
  query?: z.input<typeof listAccountsQuerySchema>,
  options: CallOptions = {},
): Promise<Account[]> {
  const response = await client.request({
    path: '/api/v2/accounts',
    query: query as Record<string, QueryValue> | undefined,
    schema: accountListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
