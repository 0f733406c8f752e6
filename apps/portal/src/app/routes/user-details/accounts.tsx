import { ClientAccountsPage } from '../../../features/accounts/components/client-accounts-page.tsx';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { AccountDocumentsActions } from '../../../features/documents/components/account-documents-actions.tsx';

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
