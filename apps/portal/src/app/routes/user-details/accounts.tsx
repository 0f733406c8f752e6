import { ClientAccountsPage } from '../../../features/accounts/components/client-accounts-page.tsx';
import { prefetchClientPage } from '../../../features/client-details/api/prefetch-client-page.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { AccountDocumentsActions } from '../../../features/documents/components/account-documents-actions.tsx';
import { clientAccountsQueryOptions } from '../../../lib/client-pages/list-client-accounts.ts';
import { clientProviderAccountsQueryOptions } from '../../../lib/client-pages/list-client-provider-accounts.ts';

export default function UserAccountsRoute() {
  const clientId = useClientId();
  // The frame above refuses an id that cannot be a client's, so this page never renders without one.
  return clientId === null ? null : (
    <ClientAccountsPage
      clientId={clientId}
      documentsActions={<AccountDocumentsActions clientId={clientId} />}
    />
  );
}

/** The client's accounts and the connections they come through. */
export const prefetch = prefetchClientPage(({ queryClient, apiClient }, clientId) => {
  void queryClient.prefetchQuery(clientAccountsQueryOptions(apiClient, clientId));
  void queryClient.prefetchQuery(clientProviderAccountsQueryOptions(apiClient, clientId));
});
