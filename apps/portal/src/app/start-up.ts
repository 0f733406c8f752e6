import type { QueryClient } from '@tanstack/react-query';
import { type ApiClient, createApiClient } from '@waratah/sdk';
import { type PageLocation, resolveTenant } from '@waratah/tenants';
import { appInfo, bundleId, deviceVersion, softwareVersion } from '../config/app-info.ts';
import { accessTokenStorage } from '../lib/access-token-storage.ts';
import { type AppStore, createAppStore } from '../lib/app-state.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { applyTenantTheme } from './apply-tenant-theme.ts';
import { formatPortalName } from './document-title.ts';
import { loadTenantFont } from './load-tenant-font.ts';

/** Long enough for a local font file, short enough that a failing font server never holds the page. */
const FONT_TIMEOUT_MS = 2500;

export interface StartUpOptions {
  location?: PageLocation;
  doc?: Document;
  /** Replaces the network in tests. */
  fetch?: typeof fetch;
  fontTimeoutMs?: number;
}

/** Everything the rendered app runs on, built once per page load. */
export interface StartedPortal {
  apiClient: ApiClient;
  appStore: AppStore;
  queryClient: QueryClient;
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
}: StartUpOptions = {}): Promise<StartedPortal> {
  const { tenant, environment, envConfig, apiBaseUrl } = resolveTenant({
    host: location.host,
    protocol: location.protocol,
  });

  const apiClient = createApiClient({
    baseUrl: apiBaseUrl,
    apiVersion: appInfo.apiVersion,
    bundleId,
    softwareVersion,
    deviceVersion,
    sso: envConfig.fusionAuth?.enabled ?? false,
    // The platform reads X-Tenant-Id as one of our tenant ids, not the sign-in provider's.
    tenantId: tenant.id,
    getAccessToken: accessTokenStorage.read,
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

  applyTenantTheme(doc, tenant);
  doc.title = formatPortalName(tenant.name);
  await loadTenantFont({ theme: tenant.theme, doc, timeoutMs: fontTimeoutMs });

  return { apiClient, appStore, queryClient: createQueryClient() };
}
