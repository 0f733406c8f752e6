import { ClientsDashboard } from '../../features/clients/components/clients-dashboard.tsx';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { useAppConfig } from '../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../lib/app-config/is-feature-enabled.ts';

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
