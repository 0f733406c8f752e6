import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalBody, Goal } from '@waratah/contracts';
import { type ApiClient, createGoal as createClientGoal } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { clientGoalsQueryKey } from './list-goals.ts';

/** `POST api/v2/goals` on the client's behalf; the platform creates the goal's periods with it. */
export function createGoal(client: ApiClient, clientId: number, body: CreateGoalBody): Promise<Goal> {
  return createClientGoal(client, body, { userId: clientId });
}

/**
 * `outcome` is told how the save went even when the page that sent it was left meanwhile (what
 * `mutate`'s own callbacks are not): the platform adds the goal all the same.
 */
export function useCreateGoal(
  clientId: number,
  outcome: {
    onSuccess: (goal: Goal) => void;
    onError: (error: unknown, body: CreateGoalBody) => void;
  },
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGoalBody) => createGoal(client, clientId, body),
    onSuccess: (goal) => {
      outcome.onSuccess(goal);
      return queryClient.invalidateQueries({ queryKey: clientGoalsQueryKey(clientId) });
    },
    onError: outcome.onError,
  });
}
