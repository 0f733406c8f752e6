import { useMutation } from '@tanstack/react-query';
import { type ApiClient, resetPassword } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** `POST api/admin/adminusers/reset` (no credentials): e-mails reset instructions to the address. */
export async function requestPasswordReset(client: ApiClient, email: string): Promise<void> {
  await resetPassword(client, { email });
}

export function useRequestPasswordReset() {
  const client = useApiClient();
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(client, email) });
}
