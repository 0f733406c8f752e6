import type { QueryClient } from '@tanstack/react-query';
import { xsrfCookieName } from '@waratah/contracts';
import type { ApiClient } from '@waratah/sdk';
import { type PageLocation, resolveTenant } from '@waratah/tenants';
import type { ComponentType } from 'react';
import { appInfo, bundleId } from '../config/app-info.ts';
import { getAdminUserDetails } from '../features/auth/api/get-admin-user-details.ts';
import { refreshAdminToken } from '../features/auth/api/refresh-admin-token.ts';
import { appConfigQueryOptions } from '../lib/app-config/app-config-query.ts';
import { type AppStore, createAppStore } from '../lib/app-state.tsx';
import { noEarlyAnswer, requestEarly } from '../lib/auth/early-answer.ts';
import { forgetAdviserData, forgetAdviserDataWhenSessionEnds } from '../lib/auth/forget-adviser-data.ts';
import { createFusionAuthSetup } from '../lib/auth/fusion-auth-config.ts';
import { createPasswordSession } from '../lib/auth/password-session.ts';
import { readCookie } from '../lib/auth/read-cookie.ts';
import type { SessionServices } from '../lib/auth/session-services.tsx';
import { createSignal } from '../lib/auth/signal.ts';
import type { SsoAuthProviderProps } from '../lib/auth/sso-auth-provider.tsx';
import { createIntegrations, type Integrations } from '../lib/integrations/create-integrations.ts';
import { createLazyApiClient, loadSdk } from '../lib/load-sdk.ts';
import type { PrefetchServices } from '../lib/page-prefetch.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createRouteStorage } from '../lib/route-storage.ts';
import { applyTenantTheme } from './apply-tenant-theme.ts';
import { formatPortalName } from './document-title.ts';
import { loadTenantFont } from './load-tenant-font.ts';
import { preloadTenantLogos } from './preload-tenant-logos.ts';

/** Long enough for a local font file, short enough that a failing font server never holds the page. */
const FONT_TIMEOUT_MS = 2500;

export interface StartUpOptions {
  location?: PageLocation;
  doc?: Document;
  /** Replaces the network in tests. */
  fetch?: typeof fetch;
  fontTimeoutMs?: number;
  storage?: Storage;
  /** Where uncaught errors are reported; the build sets it with VITE_ERROR_REPORTING_DSN. */
  errorReportingDsn?: string | undefined;
}

/** Everything the rendered app runs on, built once per page load. */
export interface StartedPortal {
  apiClient: ApiClient;
  appStore: AppStore;
  queryClient: QueryClient;
  session: SessionServices;
  integrations: Integrations;
  /** What the routes start their pages' first requests with (lib/page-prefetch.ts). */
  prefetch: PrefetchServices;
  /** The single sign-on tenant's provider, with its settings; null for the password tenants. */
  sso: { Provider: ComponentType<SsoAuthProviderProps>; setup: SsoAuthProviderProps['setup'] } | null;
}

/**
 * Spec §1 start-up: pick the tenant and environment from the host, set up the API client and
 * the tenant's theme. The app renders only after this resolves.
 */
export async function startUp({
  location = window.location,
  doc = document,
  fetch,
  fontTimeoutMs = FONT_TIMEOUT_MS,
  storage = window.localStorage,
  errorReportingDsn = import.meta.env.VITE_ERROR_REPORTING_DSN,
}: StartUpOptions = {}): Promise<StartedPortal> {
  const { tenant, environment, envConfig, apiBaseUrl } = resolveTenant({
    host: location.host,
    protocol: location.protocol,
  });
  const ssoEnabled = envConfig.fusionAuth?.enabled ?? false;
  const unauthorized = createSignal();
  const passwordSession = createPasswordSession({
    storage,
    refresh: (refreshToken, signal) =>
      refreshAdminToken({ client: apiClient, oauth: envConfig.oauth, refreshToken, signal }),
    revoke: async (token, signal) =>
      (await loadSdk()).revokeToken(apiClient, {
        token,
        clientId: envConfig.oauth.clientId,
        domain: envConfig.oauth.domain,
        ...(signal && { signal }),
      }),
  });

  const apiClient: ApiClient = createLazyApiClient({
    baseUrl: apiBaseUrl,
    // Spec §7: start-up overrides only these two; software and device version are the SDK's defaults.
    apiVersion: appInfo.apiVersion,
    bundleId,
    sso: ssoEnabled,
    // The platform reads X-Tenant-Id as one of our tenant ids, not the sign-in provider's.
    tenantId: tenant.id,
    getAccessToken: passwordSession.getAccessToken,
    getXsrfToken: () => readCookie(xsrfCookieName, doc),
    onUnauthorized: () => unauthorized.notify(),
    fetch,
  });
  const appStore = createAppStore({
    tenant: tenant.id,
    tenantConfig: tenant,
    environment,
    envConfig,
    appConfig: null,
    userDetails: null,
    authProviderUser: null,
  });

  // Asked for now, beside the font and the logos: the first page waits for it (the route guard), so
  // that its links are there when it shows rather than moving it as they arrive.
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(appConfigQueryOptions({ client: apiClient, appStore }));
  // A signed-in adviser's page waits for who they are (the route guard), so that is asked now too.
  // A new sign-in or a sign-out makes it another adviser's, so it is dropped then.
  // Only a password tenant's live session is answered before its provider has loaded.
  const passwordSignedIn = () => !ssoEnabled && passwordSession.isSignedIn();
  const firstAdminUserDetails = passwordSignedIn()
    ? requestEarly(() => getAdminUserDetails(apiClient))
    : noEarlyAnswer;
  passwordSession.subscribe(() => firstAdminUserDetails.drop());
  forgetAdviserDataWhenSessionEnds(passwordSession, () => forgetAdviserData(queryClient, appStore));

  applyTenantTheme(doc, tenant);
  doc.title = formatPortalName(tenant.name);
  const [sso] = await Promise.all([
    ssoEnabled
      ? loadSso(envConfig.fusionAuth ?? {}, `${location.protocol ?? 'http:'}//${location.host}`)
      : null,
    loadTenantFont({ theme: tenant.theme, doc, timeoutMs: fontTimeoutMs }),
    preloadTenantLogos({
      urls: [tenant.assets.logoUrl, tenant.assets.logoReversedUrl],
      doc,
      timeoutMs: fontTimeoutMs,
    }),
  ]);
  if (!ssoEnabled) passwordSession.resume();

  return {
    apiClient,
    appStore,
    queryClient,
    session: {
      passwordSession,
      routeStorage: createRouteStorage(storage),
      unauthorized,
      firstAdminUserDetails,
    },
    prefetch: {
      queryClient,
      apiClient,
      appStore,
      mayPrefetch: passwordSignedIn,
    },
    integrations: createIntegrations({ tenantConfig: tenant, environment, envConfig, errorReportingDsn }),
    sso,
  };
}

// The provider's client is fetched only by the single sign-on tenant.
async function loadSso(fusionAuth: Parameters<typeof createFusionAuthSetup>[0], origin: string) {
  const setup = createFusionAuthSetup(fusionAuth, origin);
  const { SsoAuthProvider } = await import('../lib/auth/sso-auth-provider.tsx');
  return { Provider: SsoAuthProvider, setup };
}
