import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listAccounts } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** `GET api/v2/accounts` on behalf of the client: the accounts the list can be narrowed to. */
export function transactionAccountsQueryOptions(client: ApiClient, clientId: number) {
  return queryOptions({
    // The client frame caches the same call under this key, so the accounts load once.
    queryKey: ['clients', clientId, 'accounts'],
    queryFn: ({ signal }) => listAccounts(client, undefined, { userId: clientId, signal }),
  });
}

export function useTransactionAccounts(clientId: number) {
  return useQuery(transactionAccountsQueryOptions(useApiClient(), clientId));
}
