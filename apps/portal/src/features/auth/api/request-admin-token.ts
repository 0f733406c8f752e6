import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, OAuthToken } from '@waratah/sdk';
import type { EnvConfig } from '@waratah/tenants';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useAppStore } from '../../../lib/app-state.tsx';
import { forgetAdviserData } from '../../../lib/auth/forget-adviser-data.ts';
import { useSessionServices } from '../../../lib/auth/session-services.tsx';
import { loadSdk } from '../../../lib/load-sdk.ts';
import { registrationEmail } from '../../../lib/registration-email.ts';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface RequestAdminTokenOptions {
  client: ApiClient;
  oauth: EnvConfig['oauth'];
  credentials: LoginCredentials;
  /** Ends the call when aborted. */
  signal?: AbortSignal | undefined;
}

/** The password grant of the password tenants (spec §7 OAuth); the adviser's email is the username. */
export async function requestAdminToken({
  client,
  oauth,
  credentials,
  signal,
}: RequestAdminTokenOptions): Promise<OAuthToken> {
  return (await loadSdk()).requestAdminToken(client, {
    username: credentials.email,
    password: credentials.password,
    clientId: oauth.clientId,
    domain: oauth.domain,
    // The refresh token goes to an HttpOnly cookie, out of reach of every script on the page.
    refreshTokenDelivery: 'cookie',
    ...(signal && { signal }),
  });
}

export interface UseRequestAdminTokenOptions {
  oauth: EnvConfig['oauth'];
  onSuccess?: (token: OAuthToken) => void;
}

/**
 * Signs in and keeps the access token, which the SDK then sends as the bearer token (spec §4). The
 * grant runs under the session's refresh lock (`PasswordSession.signIn`): a refresh still spending
 * an earlier sign-in's cookie ends before the new cookie is set.
 */
export function useRequestAdminToken({ oauth, onSuccess }: UseRequestAdminTokenOptions) {
  const client = useApiClient();
  const { passwordSession } = useSessionServices();
  const queryClient = useQueryClient();
  const appStore = useAppStore();
  return useMutation({
    mutationFn: (credentials: LoginCredentials) =>
      passwordSession.signIn((signal) => requestAdminToken({ client, oauth, credentials, signal })),
    onSuccess: (token) => {
      // A sign-in over a live session (the sign-in page stays open to a password tenant's signed-in
      // adviser) may be someone else's: nothing read for the last one is kept.
      forgetAdviserData(queryClient, appStore);
      registrationEmail.clear();
      onSuccess?.(token);
    },
  });
}
