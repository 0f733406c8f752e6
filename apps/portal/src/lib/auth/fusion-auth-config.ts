import type { FusionAuthConfig } from '@waratah/tenants';

/** Spec §7: the provider's scopes, the callback route, and how early the access token is refreshed. */
export const providerScope = 'openid email profile offline_access adviser';

export interface FusionAuthSetup {
  serverUrl: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  autoRefreshSecondsBeforeExpiry: number;
}

/** The provider's settings for this environment; spec §5: set-up fails when one is missing. */
export function createFusionAuthSetup(
  fusionAuth: Partial<FusionAuthConfig>,
  origin: string,
): FusionAuthSetup {
  if (!fusionAuth.clientId) throw new Error('clientId is required');
  if (!fusionAuth.serverUrl) throw new Error('serverUrl is required');
  if (!origin) throw new Error('redirectUri is required');
  return {
    serverUrl: fusionAuth.serverUrl,
    clientId: fusionAuth.clientId,
    redirectUri: `${origin}/auth-callback`,
    scope: providerScope,
    autoRefreshSecondsBeforeExpiry: 10,
  };
}
