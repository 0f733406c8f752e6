import { useMutation } from '@tanstack/react-query';
import { type ApiClient, setPassword as setPlatformPassword } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export type PasswordToken = { reset_password_token: string } | { invitation_token: string };

export interface SetPasswordInput {
  token: PasswordToken;
  password: string;
  password_confirmation: string;
}

/**
 * `POST api/admin/adminusers/reset/password` (no credentials): the password for a reset link, an
 * invitation, or a registration whose e-mail was just verified. Resolves with the account's e-mail.
 */
export async function setPassword(
  client: ApiClient,
  { token, ...password }: SetPasswordInput,
): Promise<string> {
  const { email } = await setPlatformPassword(client, { ...token, ...password });
  return email;
}

export function useSetPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: SetPasswordInput) => setPassword(client, input) });
}
