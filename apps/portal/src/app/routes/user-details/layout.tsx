import { clientFamilyOf, clientQueryOptions } from '../../../features/client-details/api/get-client.ts';
import { ClientDetailsLayout } from '../../../features/client-details/components/client-details-layout.tsx';
import { parseClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import type { PagePrefetch } from '../../../lib/page-prefetch.ts';

export default function UserDetailsRoute() {
  return <ClientDetailsLayout />;
}

/** The client the frame shows, asked for beside the route guard's check. */
export const prefetch: PagePrefetch = ({ queryClient, apiClient, appStore, params }) => {
  const clientId = parseClientId(params.id);
  if (clientId === null) return;
  void queryClient.prefetchQuery(
    clientQueryOptions(apiClient, clientFamilyOf(appStore.getState()), clientId),
  );
};
