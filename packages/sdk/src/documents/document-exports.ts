import {
  type AccountSummaryRequest,
  type DocumentExport,
  type DocumentKind,
  documentExportListResponseSchema,
  documentExportResponseSchema,
  type FinancialPassportExportRequest,
  type InsightsExportRequest,
  type StatementRequest,
  type TransactionsExportRequest,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

async function post(
  client: ApiClient,
  path: string,
  body: object,
  options: CallOptions,
): Promise<DocumentExport> {
  const response = await client.request({
    method: 'POST',
    path,
    body,
    schema: documentExportResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}

/**
 * `POST api/v2/financialpassport/exports` (spec §7): queues the passport PDF for a period value of
 * the tenant's `exportOptions.financialPassport`, or custom `from_date`/`to_date` where the
 * `generate_fp_custom_date` feature is on. Answers at once with the queued export.
 */
export function requestFinancialPassportExport(
  client: ApiClient,
  body: FinancialPassportExportRequest,
  options: CallOptions = {},
): Promise<DocumentExport> {
  return post(client, '/api/v2/financialpassport/exports', body, options);
}

/** `POST api/v2/statements` (spec §7): one account's statement for a period of `exportOptions.statements`. */
export function requestStatement(
  client: ApiClient,
  body: StatementRequest,
  options: CallOptions = {},
): Promise<DocumentExport> {
  return post(client, '/api/v2/statements', body, options);
}

/** `POST api/v2/accounts/summary` (spec §7): every account's balance at `as_of_date` (default today). */
export function requestAccountSummary(
  client: ApiClient,
  body: AccountSummaryRequest = {},
  options: CallOptions = {},
): Promise<DocumentExport> {
  return post(client, '/api/v2/accounts/summary', body, options);
}

/** `POST api/v2/documents/insights`: the client's financial overview PDF for a statement period. */
export function requestInsightsExport(
  client: ApiClient,
  body: InsightsExportRequest,
  options: CallOptions = {},
): Promise<DocumentExport> {
  return post(client, '/api/v2/documents/insights', body, options);
}

/** `POST api/v2/documents/transactions`: the transactions spreadsheet (XLSX) for a statement period. */
export function requestTransactionsExport(
  client: ApiClient,
  body: TransactionsExportRequest,
  options: CallOptions = {},
): Promise<DocumentExport> {
  return post(client, '/api/v2/documents/transactions', body, options);
}

/** `GET api/v2/documents`: the client's exports (optionally of one kind), newest first, with status. */
export async function listDocumentExports(
  client: ApiClient,
  query: { kind?: DocumentKind } = {},
  options: CallOptions = {},
): Promise<DocumentExport[]> {
  const response = await client.request({
    path: '/api/v2/documents',
    query,
    schema: documentExportListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}

/** `GET api/v2/financialpassport/exports` (spec §7): the passport exports only. */
export async function listFinancialPassportExports(
  client: ApiClient,
  options: CallOptions = {},
): Promise<DocumentExport[]> {
  const response = await client.request({
    path: '/api/v2/financialpassport/exports',
    schema: documentExportListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}

/** `GET api/v2/documents/{id}`: one export and its status. */
export async function getDocumentExport(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<DocumentExport> {
  const response = await client.request({
    path: `/api/v2/documents/${encodeURIComponent(id)}`,
    schema: documentExportResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}

/** Whether an export has finished, well or badly: stop polling then. */
export function isExportSettled(document: DocumentExport): boolean {
  return document.status === 'completed' || document.status === 'failed';
}
