import {
  type CreatedAdminUserResponse,
  createdAdminUserResponseSchema,
  type InviteAdminUserRequest,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `POST api/admin/adminusers/invite`: e-mails a colleague a link to set their password. */
export async function inviteAdminUser(
  client: ApiClient,
  request: InviteAdminUserRequest,
): Promise<CreatedAdminUserResponse['data']> {
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/adminusers/invite',
    body: request,
    schema: createdAdminUserResponseSchema,
  });
  return response.data;
}
