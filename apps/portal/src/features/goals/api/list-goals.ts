import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Goal, goalStatusFilters } from '@waratah/contracts';
import { type ApiClient, listGoals as listClientGoals } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export type GoalFilter = (typeof goalStatusFilters)[number];

/** `GET api/v2/goals` for one client, on their behalf (X-User-Id). */
export function listGoals(
  client: ApiClient,
  clientId: number,
  status: GoalFilter,
  signal?: AbortSignal,
): Promise<Goal[]> {
  return listClientGoals(client, { status }, { userId: clientId, ...(signal && { signal }) });
}

/** Every goals query of one client starts with this key, so a new goal refreshes all filters. */
export function clientGoalsQueryKey(clientId: number) {
  return ['clients', clientId, 'goals'] as const;
}

export function goalsQueryOptions(client: ApiClient, clientId: number, status: GoalFilter) {
  return queryOptions({
    queryKey: [...clientGoalsQueryKey(clientId), status] as const,
    queryFn: ({ signal }) => listGoals(client, clientId, status, signal),
  });
}

export function useGoals(clientId: number, status: GoalFilter) {
  const client = useApiClient();
  return useQuery(goalsQueryOptions(client, clientId, status));
}
