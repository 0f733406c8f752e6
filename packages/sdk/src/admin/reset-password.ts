import {
  type MailAcceptedResponse,
  mailAcceptedResponseSchema,
  type ResetPasswordRequest,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `POST api/admin/adminusers/reset` (no credentials): e-mails a reset link; the same answer for any address. */
export function resetPassword(
  client: ApiClient,
  request: ResetPasswordRequest,
): Promise<MailAcceptedResponse> {
  return client.request({
    method: 'POST',
    path: '/api/admin/adminusers/reset',
    body: request,
    credentials: 'omit',
    schema: mailAcceptedResponseSchema,
  });
}
