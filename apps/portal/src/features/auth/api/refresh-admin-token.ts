import type { ApiClient, OAuthToken } from '@waratah/sdk';
import type { EnvConfig } from '@waratah/tenants';
import { loadSdk } from '../../../lib/load-sdk.ts';

export interface RefreshAdminTokenOptions {
  client: ApiClient;
  oauth: EnvConfig['oauth'];
  refreshToken: string;
}

/** The refresh_token grant of the password tenants (spec §7 OAuth), run before the token expires. */
export async function refreshAdminToken({
  client,
  oauth,
  refreshToken,
}: RefreshAdminTokenOptions): Promise<OAuthToken> {
  return (await loadSdk()).refreshToken(client, {
    refreshToken,
    clientId: oauth.clientId,
    domain: oauth.domain,
    audience: 'admin',
  });
}
