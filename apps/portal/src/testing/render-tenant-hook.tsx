import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createApiClient } from '@waratah/sdk';
import { resolveTenant, type TenantId } from '@waratah/tenants';
import type { ReactNode } from 'react';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import { AppStoreProvider, createAppStore } from '../lib/app-state.tsx';
import type { ClientFamily } from '../lib/client-family.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createFakeApi, type FakeRoutes } from './fake-api.ts';

/**
 * Each tenant, the local host that picks it, and the family its client calls go to: the adviser
 * family with single sign-on, the admin family for the password tenants (spec §1, DESIGN §3).
 */
export const tenantFamilies: readonly { tenant: TenantId; host: string; family: ClientFamily }[] = [
  { tenant: 'waratah', host: 'localhost:8080', family: 'adviser' },
  { tenant: 'moneypartner', host: 'moneypartner.localhost:8080', family: 'admin' },
  { tenant: 'waratahlabs', host: 'waratahlabs.localhost:8080', family: 'admin' },
];

/** The signed-in adviser's practice, sent as X-External-Party-Id by the changes that need it. */
export const practiceId = 12;

/**
 * The app state start-up stores for the tenant `host` picks (its resolved config), with an adviser
 * of practice `practiceId` signed in.
 */
export function createTenantStore(host: string) {
  const { tenant, environment, envConfig } = resolveTenant({ host, protocol: 'http:' });
  return createAppStore({
    tenant: tenant.id,
    tenantConfig: tenant,
    environment,
    envConfig,
    appConfig: null,
    userDetails: {
      id: '3',
      given_name: 'Ada',
      family_name: 'Lee',
      external_party: { id: String(practiceId), status: 'enabled' },
    },
    authProviderUser: null,
  });
}

/** `hook` as the portal runs it on the tenant `host` picks (`createTenantStore`), over a fake platform. */
export function renderTenantHook<T>(host: string, hook: () => T, routes: FakeRoutes = {}) {
  const store = createTenantStore(host);
  const api = createFakeApi(routes);
  const { apiBaseUrl } = resolveTenant({ host, protocol: 'http:' });
  const client = createApiClient({ baseUrl: apiBaseUrl, fetch: api.fetch });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppStoreProvider store={store}>
      <ApiClientProvider client={client}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ApiClientProvider>
    </AppStoreProvider>
  );
  const view = renderHook(hook, { wrapper });
  return { ...view, api, tenant: store.getState().tenant };
}
