import { useAppConfig } from '../../../features/app-config/api/get-app-config.ts';
import { isFeatureEnabled } from '../../../features/app-config/utils/is-feature-enabled.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { DocumentsToolbar } from '../../../features/documents/components/documents-toolbar.tsx';
import { PeriodDocumentDownload } from '../../../features/documents/components/period-document-download.tsx';
import { TransactionsPage } from '../../../features/transactions/components/transactions-page.tsx';

/** Spec §2 'Transactions' inside the client frame, which already refused an unusable client id. */
export default function UserTransactionsRoute() {
  const clientId = useClientId();
  const { data: appConfig } = useAppConfig();
  if (clientId === null) return null;
  return (
    <div className="flex flex-col gap-4">
      <DocumentsToolbar>
        <PeriodDocumentDownload kind="transactions" clientId={clientId} />
      </DocumentsToolbar>
      <TransactionsPage
        clientId={clientId}
        canCategorise={isFeatureEnabled(appConfig, 'transaction_categorisation')}
      />
    </div>
  );
}
