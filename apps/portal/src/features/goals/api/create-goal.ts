import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalBody, Goal } from '@waratah/contracts';
import { type ApiClient, createGoal as createClientGoal } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { clientGoalsQueryKey } from './list-goals.ts';

/** `POST api/v2/goals` on the client's behalf; the platform creates the goal's periods with it. */
export function createGoal(client: ApiClient, clientId: number, body: CreateGoalBody): Promise<Goal> {
  return createClientGoal(client, body, { userId: clientId });
}

export function useCreateGoal(clientId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGoalBody) => createGoal(client, clientId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientGoalsQueryKey(clientId) }),
  });
}
