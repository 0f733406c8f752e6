import { useNavigate } from 'react-router';
import { routeHref } from '../../config/route-href.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { isFeatureEnabled } from '../../lib/app-config/is-feature-enabled.ts';
import { useAppState } from '../../lib/app-state.tsx';
import { useSessionServices } from '../../lib/auth/session-services.tsx';

export default function LoginRoute() {
  const navigate = useNavigate();
  const tenantName = useAppState((state) => state.tenantConfig.name);
  const oauth = useAppState((state) => state.envConfig.oauth);
  const { routeStorage } = useSessionServices();
  // Loaded by the route guard before the page shows (null if it failed: no registration link).
  const appConfig = useAppState((state) => state.appConfig);

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
