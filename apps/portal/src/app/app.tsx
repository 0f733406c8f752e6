import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import { AppStoreProvider } from '../lib/app-state.tsx';
import { SessionServicesProvider } from '../lib/auth/session-services.tsx';
import { IntegrationsProvider } from '../lib/integrations/integrations-context.tsx';
import type { StartedPortal } from './start-up.ts';
import { Toasts } from './toasts.tsx';

export interface AppProps {
  portal: StartedPortal;
  router: RouterProviderProps['router'];
}

export function App({ portal, router }: AppProps) {
  const routes = <RouterProvider router={router} />;
  const sso = portal.sso;
  return (
    <QueryClientProvider client={portal.queryClient}>
      <ApiClientProvider client={portal.apiClient}>
        <AppStoreProvider store={portal.appStore}>
          <SessionServicesProvider value={portal.session}>
            <IntegrationsProvider integrations={portal.integrations}>
              {sso ? (
                <sso.Provider setup={sso.setup} onRefreshFailure={portal.integrations.errorReporter.report}>
                  {routes}
                </sso.Provider>
              ) : (
                routes
              )}
              <Toasts />
            </IntegrationsProvider>
          </SessionServicesProvider>
        </AppStoreProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
