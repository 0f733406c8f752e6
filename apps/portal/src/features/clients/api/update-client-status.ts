import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, updateAdminUser, updateAdviserUser } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type ClientFamily, useClientFamily } from '../../../lib/client-family.ts';
import { clientsQueryKey } from './list-clients.ts';
import { refreshAfterRefusal } from './refresh-after-refusal.ts';
import { usePracticeId } from './use-practice-id.ts';

export interface UpdateClientStatus {
  id: number;
  status: 'active' | 'suspended';
}

/**
 * `PUT api/adviser/users/{id}` (single sign-on) or `PUT api/admin/users/{id}` (password tenants):
 * suspends or reactivates a client, naming the practice (spec §6).
 */
export function updateClientStatus(
  client: ApiClient,
  family: ClientFamily,
  change: UpdateClientStatus,
  externalPartyId: number,
) {
  const update = family === 'adviser' ? updateAdviserUser : updateAdminUser;
  return update(client, change.id, { status: change.status }, { externalPartyId });
}

/**
 * The list is refreshed once the status changed, and when the platform refuses for good (404: the
 * practice may no longer change the client; 403, with the app config: `refreshAfterRefusal`): what
 * it shows is then out of date (before 2026-12-03 only a success refreshed it, so every try again
 * was refused again).
 */
export function useUpdateClientStatus() {
  const client = useApiClient();
  const family = useClientFamily();
  const queryClient = useQueryClient();
  const practiceId = usePracticeId();
  return useMutation({
    mutationFn: (change: UpdateClientStatus) => updateClientStatus(client, family, change, practiceId()),
    // Not waited for: the outcome is told at once, the list follows (a busy platform's retries of it
    // would otherwise hold the toast back for as long as 20 s).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
