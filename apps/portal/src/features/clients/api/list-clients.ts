import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listAdminUsers, listAdviserUsers } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type ClientFamily, useClientFamily } from '../../../lib/client-family.ts';
import { type ClientListParams, toListQuery } from '../utils/client-list-params.ts';

/** Every query of the adviser's clients starts with this key, so a change refreshes them all. */
export const clientsQueryKey = ['clients'] as const;

/**
 * `GET api/adviser/users` (single sign-on) or `GET api/admin/users` (password tenants, DESIGN §3):
 * one page of the adviser's clients, searched and sorted on the platform.
 */
export function listClients(
  client: ApiClient,
  family: ClientFamily,
  params: ClientListParams,
  signal?: AbortSignal,
) {
  const list = family === 'adviser' ? listAdviserUsers : listAdminUsers;
  return list(client, toListQuery(params), signal ? { signal } : {});
}

export function clientsQueryOptions(client: ApiClient, family: ClientFamily, params: ClientListParams) {
  return queryOptions({
    queryKey: [...clientsQueryKey, 'list', family, params] as const,
    queryFn: ({ signal }) => listClients(client, family, params, signal),
    // The page on screen stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useClients(params: ClientListParams) {
  const client = useApiClient();
  const family = useClientFamily();
  return useQuery(clientsQueryOptions(client, family, params));
}
