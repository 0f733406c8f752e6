import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserBody } from '@waratah/contracts';
import { type ApiClient, inviteAdminClient, inviteAdviserClient } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type ClientFamily, useClientFamily } from '../../../lib/client-family.ts';
import { clientsQueryKey } from './list-clients.ts';

export type InviteClient = Pick<InviteUserBody, 'email' | 'given_name' | 'family_name'>;

/** Every invitation's mutation has this key: the drawer stays busy while one is in flight. */
export const inviteClientMutationKey = [...clientsQueryKey, 'invite'] as const;

/**
 * `POST api/adviser/user/invite/legacy` (single sign-on) or `POST api/admin/user/invite` (password
 * tenants): the platform e-mails the client and lists them as pending.
 */
export function inviteClient(client: ApiClient, family: ClientFamily, invitation: InviteClient) {
  const invite = family === 'adviser' ? inviteAdviserClient : inviteAdminClient;
  return invite(client, invitation);
}

/**
 * `outcome` is told how the invitation went even when the form that sent it was closed or reset
 * meanwhile (what `mutate`'s own callbacks are not): the platform sends it all the same. A failure
 * comes with the invitation it refused, so that the form can tell whether it still shows it.
 */
export function useInviteClient(outcome: {
  onSuccess: (invited: Awaited<ReturnType<typeof inviteClient>>) => void;
  onError: (error: unknown, invitation: InviteClient) => void;
}) {
  const client = useApiClient();
  const family = useClientFamily();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: inviteClientMutationKey,
    mutationFn: (invitation: InviteClient) => inviteClient(client, family, invitation),
    onSuccess: (invited) => {
      outcome.onSuccess(invited);
      // Not waited for: the drawer closes at once and the list follows (waiting held it open, busy,
      // while the list reloaded: as long as 20 s of a busy platform's retries).
      void queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
    onError: (error, invitation) => outcome.onError(error, invitation),
  });
}
