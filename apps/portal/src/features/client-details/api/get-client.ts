import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, getAdminUser, getAdviserUser } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type AppState, useAppState } from '../../../lib/app-state.tsx';

/** The single sign-on tenant calls the adviser family, the password tenants the admin family (DESIGN §3). */
export type ClientFamily = 'adviser' | 'admin';

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

export function clientFamilyOf(state: AppState): ClientFamily {
  return state.envConfig.fusionAuth?.enabled ? 'adviser' : 'admin';
}

export function useClientFamily(): ClientFamily {
  return useAppState(clientFamilyOf);
}

/** The client's name, e-mail and consent, as the adviser's client list has them. */
export function useClient(id: number) {
  const client = useApiClient();
  const family = useClientFamily();
  return useQuery(clientQueryOptions(client, family, id));
}
