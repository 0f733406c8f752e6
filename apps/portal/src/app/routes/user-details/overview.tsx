import { prefetchClientPage } from '../../../features/client-details/api/prefetch-client-page.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { DocumentsToolbar } from '../../../features/documents/components/documents-toolbar.tsx';
import { PeriodDocumentDownload } from '../../../features/documents/components/period-document-download.tsx';
import { budgetMonthsQueryOptions } from '../../../features/overview/api/get-budget-months.ts';
import { currentGoalsQueryOptions } from '../../../features/overview/api/list-current-goals.ts';
import {
  CHART_MONTHS,
  ClientOverviewPage,
} from '../../../features/overview/components/client-overview-page.tsx';
import { completeMonths } from '../../../features/overview/utils/sydney-months.ts';
import { clientAccountsQueryOptions } from '../../../lib/client-pages/list-client-accounts.ts';
import { clientProviderAccountsQueryOptions } from '../../../lib/client-pages/list-client-provider-accounts.ts';

export default function UserOverviewRoute() {
  const clientId = useClientId();
  // The frame above refuses an id that cannot be a client's, so this page never renders without one.
  if (clientId === null) return null;
  return (
    <div className="flex flex-col gap-4">
      <DocumentsToolbar>
        <PeriodDocumentDownload kind="insights" clientId={clientId} />
      </DocumentsToolbar>
      <ClientOverviewPage clientId={clientId} />
    </div>
  );
}

/** The overview's panels: accounts, their connections, the budget months and the current goals. */
export const prefetch = prefetchClientPage(({ queryClient, apiClient }, clientId) => {
  const range = completeMonths(CHART_MONTHS, new Date());
  void queryClient.prefetchQuery(clientAccountsQueryOptions(apiClient, clientId));
  void queryClient.prefetchQuery(clientProviderAccountsQueryOptions(apiClient, clientId));
  void queryClient.prefetchQuery(budgetMonthsQueryOptions(apiClient, clientId, range));
  void queryClient.prefetchQuery(currentGoalsQueryOptions(apiClient, clientId));
});
