import {
  type RegisterAdminUserRequest,
  type RegistrationAcceptedResponse,
  registrationAcceptedResponseSchema,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/**
 * `POST api/admin/adminusers/register` (no credentials): the profile step; a code is e-mailed for the
 * verify step (an address with a verified account gets a note to sign in instead; the answer is the same).
 */
export async function registerAdminUser(
  client: ApiClient,
  request: RegisterAdminUserRequest,
): Promise<RegistrationAcceptedResponse['data']> {
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/adminusers/register',
    body: request,
    credentials: 'omit',
    schema: registrationAcceptedResponseSchema,
  });
  return response.data;
}
