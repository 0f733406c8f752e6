import {
  type DocumentExport,
  type DocumentVerification,
  documentVerificationResponseSchema,
  type FinancialPassportExportRequest,
} from '@waratah/contracts';
import { ApiError, clientErrorCodes } from '../api-error.ts';
import { createBlobCalls } from '../blob-calls.ts';
import type { ApiClientOptions } from '../create-api-client.ts';
import type { CallOptions } from '../on-behalf.ts';

/** A downloaded document: the bytes with their type, the server's file name and SHA-256. */
export interface DownloadedDocument {
  blob: Blob;
  fileName: string;
  contentType: string;
  /** Hex SHA-256 the platform recorded for the file (tamper evidence). */
  sha256: string | null;
}

export interface DocumentDownloads {
  /** The file of a completed export (its `download_path`); 409 ApiError while it is not ready. */
  downloadExport(
    document: Pick<DocumentExport, 'download_path'>,
    options?: CallOptions,
  ): Promise<DownloadedDocument>;
  /** `GET api/v2/financialpassport/export` (spec §7): the passport PDF generated at once. */
  downloadFinancialPassport(
    query?: FinancialPassportExportRequest,
    options?: CallOptions,
  ): Promise<DownloadedDocument>;
  /** `POST api/v2/documents/verify`: whether the platform produced this file, for the caller's tenant. */
  verifyDocument(file: Blob, options?: CallOptions): Promise<DocumentVerification>;
}

/**
 * Blob calls of the documents API, built with the same options as `createApiClient` (base URL,
 * token or SSO tenant and XSRF token, header overrides, fetch). JSON calls stay on the ApiClient;
 * these read the body as bytes and keep the Content-Disposition file name.
 */
export function createDocumentDownloads(options: ApiClientOptions): DocumentDownloads {
  const { headers, send } = createBlobCalls(options);

  async function download(path: string, call: CallOptions): Promise<DownloadedDocument> {
    const response = await send(path, { method: 'GET', headers: headers(call, {}) }, call);
    const blob = await response.blob();
    const contentType = response.headers.get('content-type') ?? blob.type;
    return {
      blob,
      contentType,
      fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName(path, contentType),
      sha256: response.headers.get('x-document-sha256') || null,
    };
  }

  return {
    downloadExport(document, call = {}) {
      return download(document.download_path, call);
    },
    downloadFinancialPassport(query = {}, call = {}) {
      const search = new URLSearchParams(
        Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ).toString();
      return download(`/api/v2/financialpassport/export${search ? `?${search}` : ''}`, call);
    },
    async verifyDocument(file, call = {}) {
      const response = await send(
        '/api/v2/documents/verify',
        {
          method: 'POST',
          headers: headers(call, { 'Content-Type': 'application/octet-stream', Accept: 'application/json' }),
          body: file,
        },
        call,
      );
      const parsed = documentVerificationResponseSchema.safeParse(await response.json());
      if (!parsed.success) {
        throw new ApiError({
          status: response.status,
          code: clientErrorCodes.invalidResponse,
          message: 'Unexpected response from POST /api/v2/documents/verify',
          cause: parsed.error,
        });
      }
      return parsed.data.data;
    },
  };
}

/** The file name of `Content-Disposition: attachment; filename="…"` (or `filename*=UTF-8''…`). */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) return decodeURIComponent(extended[1]);
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
}

function fallbackName(path: string, contentType: string): string {
  const id = path.split('/').filter(Boolean).at(-1) ?? 'document';
  return `${id}.${contentType.includes('spreadsheet') ? 'xlsx' : 'pdf'}`;
}
