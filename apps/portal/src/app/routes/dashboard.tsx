import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { isFeatureEnabled } from '../../features/app-config/utils/is-feature-enabled.ts';
import { ClientsDashboard } from '../../features/clients/components/clients-dashboard.tsx';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

export default function DashboardRoute() {
  const { data: appConfig } = useAppConfig();
  const features = {
    invite: isFeatureEnabled(appConfig, 'invite_clients'),
    suspend: isFeatureEnabled(appConfig, 'suspend_users'),
    unlink: isFeatureEnabled(appConfig, 'unlink_user_from_ta'),
  };
  return (
    <DashboardPage>
      <ClientsDashboard features={features} />
    </DashboardPage>
  );
}
