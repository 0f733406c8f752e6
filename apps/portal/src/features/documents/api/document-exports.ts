import { useQuery } from '@tanstack/react-query';
import type { DocumentExport } from '@waratah/contracts';
import { getDocumentExport, isExportSettled, listFinancialPassportExports } from '@waratah/sdk';
import { useRef } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { isApiError } from '../../../lib/is-api-error.ts';

/** How often an unfinished export's status is asked for. */
export const EXPORT_POLL_MS = 1000;

/** The longest wait between two looks while the platform cannot be asked (unreachable, failing). */
export const EXPORT_POLL_BACKOFF_MAX_MS = 30_000;

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
  // The query's failures counted when it last had an answer: those since are the outage's.
  const failuresBefore = useRef(0);
  return useQuery({
    queryKey: [...documentsQueryKey(clientId), initial.id] as const,
    queryFn: ({ signal }) => getDocumentExport(client, initial.id, { userId: clientId, signal }),
    initialData: initial,
    // The record from the POST is fresh; the next look is one interval later.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 0,
    // The polling is its own retry: a look that fails is not asked again at once, twice, each second.
    retry: false,
    refetchInterval: (query) => {
      // The data stays the last answer (still running) when the export is gone; the error says so.
      if (isExportGone(query.state.error)) return false;
      const data = query.state.data;
      if (data && isExportSettled(data)) return false;
      // While the platform cannot be asked, each look waits twice as long as the last, up to 30 s
      // (before 2026-12-02 it asked every second, with retries, for as long as the page was open).
      if (!query.state.error) {
        failuresBefore.current = query.state.errorUpdateCount;
        return EXPORT_POLL_MS;
      }
      const failures = query.state.errorUpdateCount - failuresBefore.current;
      return Math.min(EXPORT_POLL_MS * 2 ** failures, EXPORT_POLL_BACKOFF_MAX_MS);
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
