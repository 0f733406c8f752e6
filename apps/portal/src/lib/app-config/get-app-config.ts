import { useQuery } from '@tanstack/react-query';
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
