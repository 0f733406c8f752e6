import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, updateAdviserUser } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { clientsQueryKey } from './list-clients.ts';
import { usePracticeId } from './use-practice-id.ts';

export interface UpdateClientStatus {
  id: number;
  status: 'active' | 'suspended';
}

/** `PUT api/adviser/users/{id}`: suspends or reactivates a client, naming the practice (spec §6). */
export function updateClientStatus(client: ApiClient, change: UpdateClientStatus, externalPartyId: number) {
  return updateAdviserUser(client, change.id, { status: change.status }, { externalPartyId });
}

export function useUpdateClientStatus() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const practiceId = usePracticeId();
  return useMutation({
    mutationFn: (change: UpdateClientStatus) => updateClientStatus(client, change, practiceId()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
