import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@waratah/sdk';
import { Toaster } from '@waratah/ui';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createFakeApi, type FakeRoutes } from './fake-api.ts';

/**
 * One page on its own under the real providers (API client, queries, router, toasts) over a fake
 * platform; other paths render their name. `renderClientPage` (client-details/testing) renders a page
 * inside the whole signed-in portal instead.
 */
export function renderPageWithProviders({
  path,
  url,
  page,
  routes,
}: {
  path: string;
  url: string;
  page: ReactElement;
  routes: FakeRoutes;
}) {
  const api = createFakeApi(routes);
  const client = createApiClient({ baseUrl: 'http://moneypartner.localhost:8080', fetch: api.fetch });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <ApiClientProvider client={client}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return { api, router, user: userEvent.setup() };
}
