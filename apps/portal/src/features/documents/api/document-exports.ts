import { useQuery } from '@tanstack/react-query';
import type { DocumentExport } from '@waratah/contracts';
import { getDocumentExport, isExportSettled, listFinancialPassportExports } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { isApiError } from '../../../lib/is-api-error.ts';

/** How often an unfinished export's status is asked for. */
export const EXPORT_POLL_MS = 1000;

export const documentsQueryKey = (clientId: number) => ['clients', clientId, 'documents'] as const;

/** The platform no longer has the export (deleted meanwhile): asking again will not bring it back. */
export function isExportGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * `GET api/v2/documents/{id}` until the export has completed or failed, or is gone (spec §7: the
 * portal shows progress).
 */
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
      // The data stays the last answer (still running) when the export is gone; the error says so.
      if (isExportGone(query.state.error)) return false;
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
