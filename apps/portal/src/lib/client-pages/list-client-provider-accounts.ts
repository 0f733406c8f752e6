import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listProviderAccounts } from '@waratah/sdk';
import { useApiClient } from '../api-client-context.tsx';

/** `GET api/v2/provideraccounts` on behalf of the client: each connection and its refresh status. */
export function clientProviderAccountsQueryOptions(client: ApiClient, clientId: number) {
  return queryOptions({
    queryKey: ['clients', clientId, 'provider-accounts'],
    queryFn: ({ signal }) => listProviderAccounts(client, { userId: clientId, signal }),
  });
}

export function useClientProviderAccounts(clientId: number) {
  return useQuery(clientProviderAccountsQueryOptions(useApiClient(), clientId));
}
