import {
  type VerifyEmailRequest,
  type VerifyEmailResponse,
  verifyEmailResponseSchema,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/**
 * `POST api/adviser/parties/external/verify` (no credentials): with a code, verifies the e-mail
 * address (and hands back an `invitation_token` when no password is set yet); without, e-mails a
 * new code.
 */
export async function verifyEmail(
  client: ApiClient,
  request: VerifyEmailRequest,
): Promise<VerifyEmailResponse['data']> {
  const response = await client.request({
    method: 'POST',
    path: '/api/adviser/parties/external/verify',
    body: request,
    credentials: 'omit',
    schema: verifyEmailResponseSchema,
  });
  return response.data;
}
