import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, listGoals } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** `GET api/v2/goals?status=current` on behalf of the client: unstarted, active and finalising goals. */
export function currentGoalsQueryOptions(client: ApiClient, clientId: number) {
  return queryOptions({
    queryKey: ['clients', clientId, 'goals', 'current'],
    queryFn: ({ signal }) => listGoals(client, { status: 'current' }, { userId: clientId, signal }),
  });
}

export function useCurrentGoals(clientId: number) {
  return useQuery(currentGoalsQueryOptions(useApiClient(), clientId));
}
