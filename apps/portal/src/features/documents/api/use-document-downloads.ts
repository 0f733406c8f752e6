import { apiHeaders, type DocumentExport } from '@waratah/contracts';
import { useMemo } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** A downloaded document: its bytes and the file name to save it under. */
export interface DownloadedDocument {
  blob: Blob;
  fileName: string;
}

export interface DocumentDownloads {
  /** The file of a completed export, for the client `userId` acts for (X-User-Id). */
  downloadExport(
    document: Pick<DocumentExport, 'download_path' | 'file_name'>,
    options: { userId: number },
  ): Promise<DownloadedDocument>;
}

/**
 * File downloads through the portal's own API client (`requestBlob`): the same host, headers,
 * password token or single sign-on cookie with the XSRF token, and 401 handling as every call.
 */
export function useDocumentDownloads(): DocumentDownloads {
  const client = useApiClient();
  return useMemo(
    () => ({
      async downloadExport(document, { userId }) {
        const file = await client.requestBlob({
          path: document.download_path,
          headers: { [apiHeaders.userId]: String(userId) },
        });
        // The platform always names the file; the export's own name is the fallback.
        return { blob: file.blob, fileName: file.fileName ?? document.file_name };
      },
    }),
    [client],
  );
}
