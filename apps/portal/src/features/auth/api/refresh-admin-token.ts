import type { ApiClient, OAuthToken } from '@waratah/sdk';
import type { EnvConfig } from '@waratah/tenants';
import { loadSdk } from '../../../lib/load-sdk.ts';

export interface RefreshAdminTokenOptions {
  client: ApiClient;
  oauth: EnvConfig['oauth'];
  /** One an earlier version kept in local storage, spent once; otherwise the cookie is. */
  refreshToken?: string | undefined;
  /** Ends the call when aborted. */
  signal?: AbortSignal | undefined;
}

/**
 * The refresh_token grant of the password tenants (spec §7 OAuth), run before the token expires. The
 * refresh token is the browser's HttpOnly cookie, which the sign-in asked for: the page never holds it.
 */
export async function refreshAdminToken({
  client,
  oauth,
  refreshToken,
  signal,
}: RefreshAdminTokenOptions): Promise<OAuthToken> {
  return (await loadSdk()).refreshToken(client, {
    ...(refreshToken !== undefined && { refreshToken }),
    refreshTokenDelivery: 'cookie',
    clientId: oauth.clientId,
    domain: oauth.domain,
    audience: 'admin',
    ...(signal && { signal }),
  });
}
