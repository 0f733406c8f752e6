import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AppConfig, adviserWebPortalPlatformKey } from '@waratah/contracts';
import { type ApiClient, getAppConfig as getPlatformAppConfig } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type AppStore, useAppStore } from '../../../lib/app-state.tsx';

export function getAppConfig(client: ApiClient): Promise<AppConfig> {
  return getPlatformAppConfig(client, adviserWebPortalPlatformKey);
}

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
    queryKey: ['app-config', adviserWebPortalPlatformKey],
    queryFn: async () => {
      const appConfig = await getAppConfig(client);
      appStore.setState({ appConfig });
      return appConfig;
    },
    initialData: () => appStore.getState().appConfig ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppConfig() {
  const client = useApiClient();
  const appStore = useAppStore();
  return useQuery(appConfigQueryOptions({ client, appStore }));
}
