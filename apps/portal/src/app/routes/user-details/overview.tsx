import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { DocumentsToolbar } from '../../../features/documents/components/documents-toolbar.tsx';
import { PeriodDocumentDownload } from '../../../features/documents/components/period-document-download.tsx';
import { ClientOverviewPage } from '../../../features/overview/components/client-overview-page.tsx';

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
