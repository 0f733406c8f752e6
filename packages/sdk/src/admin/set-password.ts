import { type SetPasswordRequest, setPasswordResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/**
 * `POST api/admin/adminusers/reset/password` (no credentials): sets the password with the
 * reset_password_token or invitation_token of an e-mailed link (or of the verify step).
 */
export async function setPassword(
  client: ApiClient,
  request: SetPasswordRequest,
): Promise<{ email: string }> {
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/adminusers/reset/password',
    body: request,
    credentials: 'omit',
    schema: setPasswordResponseSchema,
  });
  return response.data;
}
