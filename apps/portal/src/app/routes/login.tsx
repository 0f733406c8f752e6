import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { isFeatureEnabled } from '../../features/app-config/utils/is-feature-enabled.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { useAppState } from '../../lib/app-state.tsx';

export default function LoginRoute() {
  const navigate = useNavigate();
  const tenantName = useAppState((state) => state.tenantConfig.name);
  const oauth = useAppState((state) => state.envConfig.oauth);
  const { data: appConfig } = useAppConfig();

  return (
    <LoginPage
      tenantName={tenantName}
      oauth={oauth}
      canRegister={isFeatureEnabled(appConfig, 'ta_register')}
      onSignedIn={() => navigate(paths.dashboard.getHref())}
    />
  );
}
