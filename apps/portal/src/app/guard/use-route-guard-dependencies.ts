import { useQueryClient } from '@tanstack/react-query';
import { getAdminUserDetails } from '../../features/auth/api/get-admin-user-details.ts';
import { getPartyDetails } from '../../features/registration/api/fetch-party-details.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { appConfigQueryOptions } from '../../lib/app-config/app-config-query.ts';
import { useAppState, useAppStore } from '../../lib/app-state.tsx';
import { useProviderAuth } from '../../lib/auth/provider-auth.tsx';
import { useSessionServices } from '../../lib/auth/session-services.tsx';
import { useIntegrations } from '../../lib/integrations/integrations-context.tsx';
import { setDocumentTitle } from '../document-title.ts';
import type { RouteGuardDependencies } from './route-guard-types.ts';

/** The guard's dependencies as the running portal provides them. */
export function useRouteGuardDependencies(): RouteGuardDependencies {
  const client = useApiClient();
  const appStore = useAppStore();
  const queryClient = useQueryClient();
  const { passwordSession, routeStorage, firstAdminUserDetails } = useSessionServices();
  const provider = useProviderAuth();
  const { guidance } = useIntegrations();
  const tenantName = useAppState((state) => state.tenantConfig.name);

  return {
    providerEnabled: provider !== null,
    isSignedIn: () => (provider ? provider.isLoggedIn : passwordSession.isSignedIn()),
    sessionSettled: () => (provider ? Promise.resolve() : passwordSession.settled()),
    providerReturnedSignedOut: () => provider?.returnedSignedOut() ?? false,
    providerJustReturned: () => provider?.justReturned() ?? false,
    setTitle: (pageTitle) => setDocumentTitle({ pageTitle, tenantName }),
    appStore,
    routeStorage,
    fetchUserInfo: () =>
      provider
        ? provider.fetchUserInfo()
        : Promise.reject(new Error('This tenant signs in without a provider')),
    fetchPartyDetails: async () => {
      const party = await getPartyDetails(client);
      return party && { id: String(party.id), status: party.status };
    },
    fetchAdminUserDetails: async () => {
      const early = firstAdminUserDetails.take();
      if (early) {
        try {
          return await early;
        } catch {
          // Asked again: a 401 to the early request came before the session timeout listened.
        }
      }
      return getAdminUserDetails(client);
    },
    loadAppConfig: () => queryClient.fetchQuery(appConfigQueryOptions({ client, appStore })),
    identifyGuidance: (user) => guidance.identify(user),
  };
}
