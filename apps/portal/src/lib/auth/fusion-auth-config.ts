import type { FusionAuthConfig } from '@waratah/tenants';

/** Spec §7: the provider's scopes, user-info fetch, auto refresh, and the callback route. */
export const providerScope = 'openid email profile offline_access adviser';

export interface FusionAuthSetup {
  serverUrl: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  shouldAutoFetchUserInfo: true;
  shouldAutoRefresh: true;
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
    shouldAutoFetchUserInfo: true,
    shouldAutoRefresh: true,
    autoRefreshSecondsBeforeExpiry: 10,
  };
}
