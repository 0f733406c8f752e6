// The route guard's part of the app config, apart from the hook so that the first page's JavaScript
// does not carry the query hooks (docs/portal.md "How the bundles are split").
import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@waratah/contracts';
import type { ApiClient } from '@waratah/sdk';
import type { AppStore } from '../app-state.tsx';
import { loadSdk } from '../load-sdk.ts';
import { portalPlatformKey } from './portal-platform-key.ts';

export async function getAppConfig(client: ApiClient): Promise<AppConfig> {
  return (await loadSdk()).getAppConfig(client, portalPlatformKey);
}

/** The app config's query key: a refusal that says a feature is off refreshes it by this key. */
export const appConfigQueryKey = ['app-config', portalPlatformKey] as const;

export interface AppConfigQueryDependencies {
  client: ApiClient;
  appStore: AppStore;
}

/**
 * The app config belongs to the app state (spec §3), so it is fetched only when none is stored
 * there, and a fetched one is stored for the route guard and every later reader.
 */
export function appConfigQueryOptions({ client, appStore }: AppConfigQueryDependencies) {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: async () => {
      const appConfig = await getAppConfig(client);
      appStore.setState({ appConfig });
      return appConfig;
    },
    initialData: () => appStore.getState().appConfig ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
