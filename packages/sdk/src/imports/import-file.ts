import {
  type FileImport,
  fileImportListResponseSchema,
  fileImportResponseSchema,
  type ImportFileBody,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `POST api/v2/imports`: a CSV (with its column mapping) or OFX file into an account; a re-import adds nothing. */
export async function importFile(
  client: ApiClient,
  body: ImportFileBody,
  options: CallOptions = {},
): Promise<FileImport> {
  const response = await client.request({
    method: 'POST',
    path: '/api/v2/imports',
    body,
    schema: fileImportResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}

/** `GET api/v2/imports[?account_id=]`: the client's file imports, newest first. */
export async function listFileImports(
  client: ApiClient,
  accountId?: number,
  options: CallOptions = {},
): Promise<FileImport[]> {
  const response = await client.request({
    path: `/api/v2/imports${accountId === undefined ? '' : `?account_id=${accountId}`}`,
    schema: fileImportListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
