import { useMutation } from '@tanstack/react-query';
import type { RegisterAdminUserRequest } from '@waratah/contracts';
import { type ApiClient, registerAdminUser } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** `POST api/admin/adminusers/register` (no credentials): the profile step; the platform e-mails a code. */
export async function registerAdviser(client: ApiClient, profile: RegisterAdminUserRequest): Promise<void> {
  await registerAdminUser(client, profile);
}

export function useRegisterAdviser() {
  const client = useApiClient();
  return useMutation({ mutationFn: (profile: RegisterAdminUserRequest) => registerAdviser(client, profile) });
}
