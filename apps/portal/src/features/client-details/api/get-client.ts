import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, getAdminUser, getAdviserUser } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type ClientFamily, useClientFamily } from '../../../lib/client-family.ts';

export function getClient(client: ApiClient, family: ClientFamily, id: number, signal?: AbortSignal) {
  const get = family === 'adviser' ? getAdviserUser : getAdminUser;
  return get(client, id, signal ? { signal } : {});
}

export function clientQueryOptions(client: ApiClient, family: ClientFamily, id: number) {
  return queryOptions({
    queryKey: ['clients', family, id],
    queryFn: ({ signal }) => getClient(client, family, id, signal),
  });
}

/** The client's name, e-mail and consent, as the adviser's client list has them. */
export function useClient(id: number) {
  const client = useApiClient();
  const family = useClientFamily();
  return useQuery(clientQueryOptions(client, family, id));
}
