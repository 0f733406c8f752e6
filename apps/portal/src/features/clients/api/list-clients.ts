import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listAdviserUsers } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type ClientListParams, toListQuery } from '../utils/client-list-params.ts';

/** Every query of the adviser's clients starts with this key, so a change refreshes them all. */
export const clientsQueryKey = ['clients'] as const;

/** `GET api/adviser/users`: one page of the adviser's clients, searched and sorted on the platform. */
export function listClients(client: ApiClient, params: ClientListParams, signal?: AbortSignal) {
  return listAdviserUsers(client, toListQuery(params), signal ? { signal } : {});
}

export function clientsQueryOptions(client: ApiClient, params: ClientListParams) {
  return queryOptions({
    queryKey: [...clientsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listClients(client, params, signal),
    // The page on screen stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useClients(params: ClientListParams) {
  const client = useApiClient();
  return useQuery(clientsQueryOptions(client, params));
}
