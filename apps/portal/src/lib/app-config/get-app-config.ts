import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@waratah/contracts';
import { useApiClient } from '../api-client-context.tsx';
import { useAppStore } from '../app-state.tsx';
import { appConfigQueryOptions } from './app-config-query.ts';

export {
  type AppConfigQueryDependencies,
  appConfigQueryKey,
  appConfigQueryOptions,
  getAppConfig,
} from './app-config-query.ts';

export function useAppConfig() {
  const client = useApiClient();
  const appStore = useAppStore();
  return useQuery(appConfigQueryOptions({ client, appStore }));
}

/**
 * Reads the app config from an event handler: the cached one, or, while it is being refreshed
 * (invalidated after a refusal), the refreshed one once it has come, so what the platform says now.
 */
export function useReadAppConfig(): () => Promise<AppConfig> {
  const queryClient = useQueryClient();
  const client = useApiClient();
  const appStore = useAppStore();
  return () => queryClient.fetchQuery(appConfigQueryOptions({ client, appStore }));
}
