import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import { AppStoreProvider } from '../lib/app-state.tsx';
import { i18n } from '../lib/i18n.ts';
import type { StartedPortal } from './start-up.ts';

export interface AppProps {
  portal: StartedPortal;
  router: RouterProviderProps['router'];
}

export function App({ portal, router }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={portal.queryClient}>
        <ApiClientProvider client={portal.apiClient}>
          <AppStoreProvider store={portal.appStore}>
            <RouterProvider router={router} />
          </AppStoreProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
