import { csvPreviewResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

export type CsvPreview = z.infer<typeof csvPreviewResponseSchema>['data'];

/** `POST api/v2/imports/csv/preview`: the column-mapping step (columns, first rows, a suggested mapping). */
export async function previewCsvImport(
  client: ApiClient,
  content: string,
  options: CallOptions = {},
): Promise<CsvPreview> {
  const response = await client.request({
    method: 'POST',
    path: '/api/v2/imports/csv/preview',
    body: { content },
    schema: csvPreviewResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
