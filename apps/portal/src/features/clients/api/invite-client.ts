import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserBody } from '@waratah/contracts';
import { type ApiClient, inviteAdviserClient } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { clientsQueryKey } from './list-clients.ts';

export type InviteClient = Pick<InviteUserBody, 'email' | 'given_name' | 'family_name'>;

/** `POST api/adviser/user/invite/legacy`: the platform e-mails the client and lists them as pending. */
export function inviteClient(client: ApiClient, invitation: InviteClient) {
  return inviteAdviserClient(client, invitation);
}

export function useInviteClient() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: InviteClient) => inviteClient(client, invitation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
