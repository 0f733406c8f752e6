import { prefetchClientFrame } from '../../../features/client-details/api/prefetch-client-page.ts';
import { ClientDetailsLayout } from '../../../features/client-details/components/client-details-layout.tsx';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { DocumentJobsProvider } from '../../../features/documents/components/document-jobs-provider.tsx';

/**
 * The client frame, with the documents asked for on its pages kept above them: one asked for on a
 * tab is still followed and downloaded on the next (docs/documents.md). Another client starts afresh.
 */
export default function UserDetailsRoute() {
  const clientId = useClientId();
  if (clientId === null) return <ClientDetailsLayout />;
  return (
    <DocumentJobsProvider key={clientId} clientId={clientId}>
      <ClientDetailsLayout />
    </DocumentJobsProvider>
  );
}

export const prefetch = prefetchClientFrame;
