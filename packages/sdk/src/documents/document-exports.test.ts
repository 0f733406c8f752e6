import type { DocumentExport } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import {
  getDocumentExport,
  isExportSettled,
  listDocumentExports,
  listFinancialPassportExports,
  requestAccountSummary,
  requestFinancialPassportExport,
  requestInsightsExport,
  requestStatement,
  requestTransactionsExport,
} from './document-exports.ts';

const queued: DocumentExport = {
  id: '9f0c3b8e-1d2a-4c5b-8e7f-0a1b2c3d4e5f',
  kind: 'statement',
  status: 'queued',
  period: 'month',
  from_date: '2026-10-24',
  to_date: '2026-11-23',
  account_id: 7,
  file_name: 'statement_everyday_2026-10-24_2026-11-23.pdf',
  content_type: 'application/pdf',
  size_bytes: null,
  sha256: null,
  error: null,
  created_at: '2026-11-22T21:17:00.460Z',
  completed_at: null,
  download_path: '/api/v2/statements/9f0c3b8e-1d2a-4c5b-8e7f-0a1b2c3d4e5f',
};

describe('document export calls', () => {
  it('POST each kind to its path with the body, acting for the client', async () => {
    const fake = createFakeFetch(() => jsonResponse({ data: queued }, 202));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    const acting = { userId: 42 };

    await expect(requestStatement(client, { account_id: 7, period: 'month' }, acting)).resolves.toEqual(
      queued,
    );
    await requestFinancialPassportExport(client, { from_date: '2025-01-01', to_date: '2025-06-30' }, acting);
    await requestAccountSummary(client, undefined, acting);
    await requestInsightsExport(client, { period: 'year' }, acting);
    await requestTransactionsExport(client, { period: 'year', account_ids: [7] }, acting);

    expect(
      fake.requests.map((request) => [request.method, new URL(request.url).pathname, request.body]),
    ).toEqual([
      ['POST', '/api/v2/statements', { account_id: 7, period: 'month' }],
      ['POST', '/api/v2/financialpassport/exports', { from_date: '2025-01-01', to_date: '2025-06-30' }],
      ['POST', '/api/v2/accounts/summary', {}],
      ['POST', '/api/v2/documents/insights', { period: 'year' }],
      ['POST', '/api/v2/documents/transactions', { period: 'year', account_ids: [7] }],
    ]);
    expect(fake.requests.every((request) => request.headers.get('X-User-Id') === '42')).toBe(true);
  });

  it('lists exports, of one kind or the passport ones, and reads one', async () => {
    const fake = createFakeFetch((request) =>
      jsonResponse(request.url.endsWith(queued.id) ? { data: queued } : { data: [queued] }),
    );
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(listDocumentExports(client, { kind: 'statement' })).resolves.toEqual([queued]);
    await listFinancialPassportExports(client);
    await expect(getDocumentExport(client, queued.id)).resolves.toEqual(queued);
    expect(fake.requests.map((request) => request.url)).toEqual([
      'http://localhost:8080/api/v2/documents?kind=statement',
      'http://localhost:8080/api/v2/financialpassport/exports',
      `http://localhost:8080/api/v2/documents/${queued.id}`,
    ]);
  });

  it('tells when to stop polling', () => {
    expect(isExportSettled(queued)).toBe(false);
    expect(isExportSettled({ ...queued, status: 'running' })).toBe(false);
    expect(isExportSettled({ ...queued, status: 'completed' })).toBe(true);
    expect(isExportSettled({ ...queued, status: 'failed', error: 'why' })).toBe(true);
  });
});
