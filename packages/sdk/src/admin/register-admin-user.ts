import {
  type CreatedAdminUserResponse,
  createdAdminUserResponseSchema,
  type RegisterAdminUserRequest,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `POST api/admin/adminusers/register` (no credentials): the profile step; a code is e-mailed for the verify step. */
export async function registerAdminUser(
  client: ApiClient,
  request: RegisterAdminUserRequest,
): Promise<CreatedAdminUserResponse['data']> {
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/adminusers/register',
    body: request,
    credentials: 'omit',
    schema: createdAdminUserResponseSchema,
  });
  return response.data;
}
