import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserBody } from '@waratah/contracts';
import { type ApiClient, inviteAdminClient, inviteAdviserClient } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type ClientFamily, useClientFamily } from '../../client-details/api/get-client.ts';
import { clientsQueryKey } from './list-clients.ts';

export type InviteClient = Pick<InviteUserBody, 'email' | 'given_name' | 'family_name'>;

/**
 * `POST api/adviser/user/invite/legacy` (single sign-on) or `POST api/admin/user/invite` (password
 * tenants): the platform e-mails the client and lists them as pending.
 */
export function inviteClient(client: ApiClient, family: ClientFamily, invitation: InviteClient) {
  const invite = family === 'adviser' ? inviteAdviserClient : inviteAdminClient;
  return invite(client, invitation);
}

export function useInviteClient() {
  const client = useApiClient();
  const family = useClientFamily();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: InviteClient) => inviteClient(client, family, invitation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
