import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, deleteAdviserUser } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { clientsQueryKey } from './list-clients.ts';
import { refreshAfterRefusal } from './refresh-after-refusal.ts';
import { usePracticeId } from './use-practice-id.ts';

/**
 * `DELETE api/adviser/users/{id}`: unlinks a client from the practice named in the header (spec §6).
 * Every tenant calls the adviser family here: the platform has no `DELETE api/admin/users/{id}`.
 */
export function unlinkClient(client: ApiClient, id: number, externalPartyId: number) {
  return deleteAdviserUser(client, id, { externalPartyId });
}

/**
 * The list is refreshed once the client is unlinked, and when the platform refuses for good (404:
 * already unlinked, maybe by a colleague; 403, with the app config: `refreshAfterRefusal`): the row
 * would otherwise stay, and every try again be refused again (before 2026-12-03 only a success
 * refreshed it).
 */
export function useUnlinkClient() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const practiceId = usePracticeId();
  return useMutation({
    mutationFn: (id: number) => unlinkClient(client, id, practiceId()),
    // Not waited for: the outcome is told at once, the list follows (a busy platform's retries of it
    // would otherwise hold the toast back for as long as 20 s).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
