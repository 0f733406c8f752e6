import { prefetchClientPage } from '../../../features/client-details/api/prefetch-client-page.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { DocumentsToolbar } from '../../../features/documents/components/documents-toolbar.tsx';
import { PeriodDocumentDownload } from '../../../features/documents/components/period-document-download.tsx';
import { transactionAccountsQueryOptions } from '../../../features/transactions/api/list-transaction-accounts.ts';
import { transactionCategoriesQueryOptions } from '../../../features/transactions/api/list-transaction-categories.ts';
import { transactionsQueryOptions } from '../../../features/transactions/api/list-transactions.ts';
import { TransactionsPage } from '../../../features/transactions/components/transactions-page.tsx';
import {
  readTransactionFilters,
  readTransactionPagePosition,
} from '../../../features/transactions/utils/transaction-filters.ts';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';

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

/** The page of rows the URL names, with the accounts and categories they are shown with. */
export const prefetch = prefetchClientPage(({ queryClient, apiClient, search }, clientId) => {
  const list = transactionsQueryOptions(
    apiClient,
    clientId,
    readTransactionFilters(search),
    readTransactionPagePosition(search),
  );
  void queryClient.prefetchQuery(list);
  void queryClient.prefetchQuery(transactionAccountsQueryOptions(apiClient, clientId));
  void queryClient.prefetchQuery(transactionCategoriesQueryOptions(apiClient, clientId));
});
