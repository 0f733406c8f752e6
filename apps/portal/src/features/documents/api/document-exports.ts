import { useQuery } from '@tanstack/react-query';
import type { DocumentExport } from '@waratah/contracts';
import { getDocumentExport, isExportSettled, listFinancialPassportExports } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** How often an unfinished export's status is asked for. */
export const EXPORT_POLL_MS = 1000;

export const documentsQueryKey = (clientId: number) => ['clients', clientId, 'documents'] as const;

/** `GET api/v2/documents/{id}` until the export has completed or failed (spec §7: the portal shows progress). */
export function useDocumentExport(clientId: number, initial: DocumentExport) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...documentsQueryKey(clientId), initial.id] as const,
    queryFn: ({ signal }) => getDocumentExport(client, initial.id, { userId: clientId, signal }),
    initialData: initial,
    // The record from the POST is fresh; the next look is one interval later.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isExportSettled(data) ? false : EXPORT_POLL_MS;
    },
  });
}

/** `GET api/v2/financialpassport/exports`: the client's passport exports, polled while one is unfinished. */
export function useFinancialPassportExports(clientId: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...documentsQueryKey(clientId), 'financial-passport'] as const,
    queryFn: ({ signal }) => listFinancialPassportExports(client, { userId: clientId, signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((document) => !isExportSettled(document)) ? EXPORT_POLL_MS : false,
  });
}
