import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

export default function DashboardRoute() {
  return <DashboardPage />;
}
