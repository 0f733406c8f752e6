import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { routeHref } from '../../config/route-href.ts';
import { appConfigQueryOptions } from '../../features/app-config/api/app-config-query.ts';
import { isFeatureEnabled } from '../../features/app-config/utils/is-feature-enabled.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useAppState, useAppStore } from '../../lib/app-state.tsx';
import { useSessionServices } from '../../lib/auth/session-services.tsx';

export default function LoginRoute() {
  const navigate = useNavigate();
  const tenantName = useAppState((state) => state.tenantConfig.name);
  const oauth = useAppState((state) => state.envConfig.oauth);
  const { routeStorage } = useSessionServices();
  const appConfig = useLoadedAppConfig();

  return (
    <LoginPage
      tenantName={tenantName}
      oauth={oauth}
      canRegister={isFeatureEnabled(appConfig, 'ta_register')}
      // Back to where the visitor was sent from (a guarded page, or a timed-out session), else home.
      onSignedIn={() => navigate(routeHref(routeStorage.takeEntryRoute() ?? { name: 'DashboardPage' }))}
    />
  );
}

/**
 * The app config from the app state, fetched once if none is stored (the query stores it there).
 * Not `useAppConfig`: the sign-in page is the first page, and the query hooks would add to its
 * JavaScript (docs/portal.md "How the bundles are split"). Without a config the registration
 * link stays hidden, as it does while the config loads or when it fails.
 */
function useLoadedAppConfig() {
  const client = useApiClient();
  const appStore = useAppStore();
  const queryClient = useQueryClient();
  const appConfig = useAppState((state) => state.appConfig);
  const loaded = appConfig !== null;

  useEffect(() => {
    if (loaded) return;
    queryClient.fetchQuery(appConfigQueryOptions({ client, appStore })).catch(() => undefined);
  }, [loaded, queryClient, client, appStore]);

  return appConfig;
}
