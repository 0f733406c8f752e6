import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, getAdviserPracticeConsents } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { clientsQueryKey } from './list-clients.ts';

/** How many consents of each kind the panel shows; it says how many more there are. */
export const PRACTICE_CONSENTS_SHOWN = 8;

/**
 * `GET api/adviser/users/consents`: consents ending within 30 days, and those that ended. Every
 * tenant calls the adviser family here: the platform has no `GET api/admin/users/consents`.
 */
export function getPracticeConsents(client: ApiClient, signal?: AbortSignal) {
  return getAdviserPracticeConsents(client, { size: PRACTICE_CONSENTS_SHOWN }, signal ? { signal } : {});
}

export function practiceConsentsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: [...clientsQueryKey, 'consents'] as const,
    queryFn: ({ signal }) => getPracticeConsents(client, signal),
  });
}

export function usePracticeConsents() {
  const client = useApiClient();
  return useQuery(practiceConsentsQueryOptions(client));
}
