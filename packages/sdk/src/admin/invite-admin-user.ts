import {
  type InvitationAcceptedResponse,
  type InviteAdminUserRequest,
  invitationAcceptedResponseSchema,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/**
 * `POST api/admin/adminusers/invite`: e-mails a colleague a link to set their password (queued: the
 * answer is the same whether or not the address already has an account).
 */
export async function inviteAdminUser(
  client: ApiClient,
  request: InviteAdminUserRequest,
): Promise<InvitationAcceptedResponse['data']> {
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/adminusers/invite',
    body: request,
    schema: invitationAcceptedResponseSchema,
  });
  return response.data;
}
