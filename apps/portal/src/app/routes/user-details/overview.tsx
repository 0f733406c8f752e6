import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { ClientOverviewPage } from '../../../features/overview/components/client-overview-page.tsx';

export default function UserOverviewRoute() {
  const clientId = useClientId();
  // The frame above refuses an id that cannot be a client's, so this page never renders without one.
  return clientId === null ? null : <ClientOverviewPage clientId={clientId} />;
}
