import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@waratah/contracts';
import { type ApiClient, listAccounts } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** The client's accounts a goal can track: `GET api/v2/accounts`, hidden ones left out. */
export async function listGoalAccounts(
  client: ApiClient,
  clientId: number,
  signal?: AbortSignal,
): Promise<Account[]> {
  const accounts = await listAccounts(client, undefined, { userId: clientId, ...(signal && { signal }) });
  return accounts.filter((account) => !account.hidden);
}

export function goalAccountsQueryOptions(client: ApiClient, clientId: number) {
  return queryOptions({
    queryKey: ['clients', clientId, 'goal-accounts'] as const,
    queryFn: ({ signal }) => listGoalAccounts(client, clientId, signal),
  });
}

export function useGoalAccounts(clientId: number) {
  const client = useApiClient();
  return useQuery(goalAccountsQueryOptions(client, clientId));
}
