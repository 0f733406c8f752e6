import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listAccounts } from '@waratah/sdk';
import { useApiClient } from '../api-client-context.tsx';

/** `GET api/v2/accounts` on behalf of the client (X-User-Id, spec §6). */
export function clientAccountsQueryOptions(client: ApiClient, clientId: number) {
  return queryOptions({
    queryKey: ['clients', clientId, 'accounts'],
    queryFn: ({ signal }) => listAccounts(client, undefined, { userId: clientId, signal }),
  });
}

export function useClientAccounts(clientId: number) {
  return useQuery(clientAccountsQueryOptions(useApiClient(), clientId));
}
