import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailRequest } from '@waratah/contracts';
import { type ApiClient, verifyEmail as verifyPlatformEmail } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/**
 * `POST api/adviser/parties/external/verify` (no credentials): with a code, checks it and hands back
 * an invitation token when the account has no password yet; without, e-mails a new code.
 */
export function verifyEmail(client: ApiClient, request: VerifyEmailRequest) {
  return verifyPlatformEmail(client, request);
}

export function useVerifyEmail() {
  const client = useApiClient();
  return useMutation({ mutationFn: (request: VerifyEmailRequest) => verifyEmail(client, request) });
}
