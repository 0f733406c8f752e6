import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { createDocumentDownloads, fileNameOf } from './document-downloads.ts';

const pdfBytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
const pdfResponse = () =>
  new Response(pdfBytes, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="statement_everyday_2026-10-24_2026-11-23.pdf"',
      'X-Document-Sha256': 'ab'.repeat(32),
    },
  });

describe('createDocumentDownloads', () => {
  it('downloads an export as a blob with its file name, type and SHA-256, with the bearer token', async () => {
    const fake = createFakeFetch(pdfResponse);
    const downloads = createDocumentDownloads({
      baseUrl: 'http://localhost:8080/',
      getAccessToken: () => 'token-1',
      fetch: fake.fetch,
    });
    const file = await downloads.downloadExport({ download_path: '/api/v2/statements/abc' }, { userId: 42 });

    expect(file.fileName).toBe('statement_everyday_2026-10-24_2026-11-23.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(file.sha256).toBe('ab'.repeat(32));
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(pdfBytes);
    const request = fake.lastRequest();
    expect(request.url).toBe('http://localhost:8080/api/v2/statements/abc');
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    expect(request.headers.get('X-User-Id')).toBe('42');
    expect(request.headers.get('X-Api-Version')).toBe('2.28');
  });

  it('sends the tenant and XSRF token instead of a bearer token under single sign-on', async () => {
    const fake = createFakeFetch(pdfResponse);
    const downloads = createDocumentDownloads({
      baseUrl: 'http://localhost:8080',
      sso: true,
      tenantId: 'waratah',
      getXsrfToken: () => 'xsrf-1',
      getAccessToken: () => 'ignored',
      fetch: fake.fetch,
    });
    await downloads.downloadFinancialPassport({ period: 'year' });
    const request = fake.lastRequest();
    expect(request.url).toBe('http://localhost:8080/api/v2/financialpassport/export?period=year');
    expect(request.headers.get('X-Tenant-Id')).toBe('waratah');
    expect(request.headers.get('Authorization')).toBeNull();
    expect(request.credentials).toBe('include');
  });

  it("rejects with the server's error envelope, and reports a 401", async () => {
    const body = {
      error: {
        error_code: 'F0400',
        error_type: 'already_exists',
        error_message: 'The document is not ready',
      },
    };
    const fake = createFakeFetch(() => jsonResponse(body, 409));
    const unauthorised: ApiError[] = [];
    const downloads = createDocumentDownloads({
      baseUrl: 'http://localhost:8080',
      fetch: fake.fetch,
      onUnauthorized: (error) => unauthorised.push(error),
    });
    const failure = downloads.downloadExport({ download_path: '/api/v2/statements/abc' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      code: 'F0400',
      message: 'The document is not ready',
    });
    expect(unauthorised).toEqual([]);
  });

  it('posts a file to verify it and reads the answer', async () => {
    const answer = { data: { verified: false, sha256: 'cd'.repeat(32), export: null } };
    const fake = createFakeFetch(() => jsonResponse(answer));
    const downloads = createDocumentDownloads({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    await expect(downloads.verifyDocument(new Blob([pdfBytes]))).resolves.toEqual(answer.data);
    const request = fake.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://localhost:8080/api/v2/documents/verify');
    expect(request.headers.get('Content-Type')).toBe('application/octet-stream');
  });
});

describe('fileNameOf', () => {
  it('reads plain and UTF-8 file names', () => {
    expect(fileNameOf('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
