import { type ApiClient, type OAuthToken, refreshToken as refreshPlatformToken } from '@waratah/sdk';
import type { EnvConfig } from '@waratah/tenants';

export interface RefreshAdminTokenOptions {
  client: ApiClient;
  oauth: EnvConfig['oauth'];
  refreshToken: string;
}

/** The refresh_token grant of the password tenants (spec §7 OAuth), run before the token expires. */
export function refreshAdminToken({
  client,
  oauth,
  refreshToken,
}: RefreshAdminTokenOptions): Promise<OAuthToken> {
  return refreshPlatformToken(client, {
    refreshToken,
    clientId: oauth.clientId,
    domain: oauth.domain,
    audience: 'admin',
  });
}
