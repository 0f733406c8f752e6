import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './create-api-client.ts';
import { createFakeFetch, jsonResponse } from './testing/fake-fetch.ts';

const pdf = () =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="statement_everyday_2026-10-24_2026-11-23.pdf"',
      'X-Document-SHA256': 'ab12',
    },
  });

describe('ApiClient.requestBlob', () => {
  it('answers the bytes, type and Content-Disposition file name, with the client’s own headers', async () => {
    const fake = createFakeFetch(pdf);
    const client = createApiClient({
      baseUrl: 'https://api.test/',
      apiVersion: '2.30',
      getAccessToken: () => 'token-1',
      fetch: fake.fetch,
    });

    const file = await client.requestBlob({
      path: '/api/v2/statements/e1',
      query: { kind: 'statement' },
      headers: { 'X-User-Id': '7' },
    });

    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(
      new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]),
    );
    expect(file).toMatchObject({
      contentType: 'application/pdf',
      fileName: 'statement_everyday_2026-10-24_2026-11-23.pdf',
    });
    expect(file.headers.get('x-document-sha256')).toBe('ab12');
    const request = fake.lastRequest();
    expect(request.url).toBe('https://api.test/api/v2/statements/e1?kind=statement');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Accept')).toBe('*/*');
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    expect(request.headers.get('X-Api-Version')).toBe('2.30');
    expect(request.headers.get('X-User-Id')).toBe('7');
  });

  it('sends the SSO tenant and XSRF token instead of a token', async () => {
    const fake = createFakeFetch(pdf);
    const client = createApiClient({
      baseUrl: 'https://api.test',
      sso: true,
      tenantId: 'waratah',
      getAccessToken: () => 'unused',
      getXsrfToken: () => 'xsrf-1',
      fetch: fake.fetch,
    });

    await client.requestBlob({ path: '/api/v2/documents/e1/file' });

    const { headers } = fake.lastRequest();
    expect(headers.get('X-Tenant-Id')).toBe('waratah');
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('has no file name when the server gives none', async () => {
    const fake = createFakeFetch(() => new Response('a,b', { headers: { 'Content-Type': 'text/csv' } }));
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });
    expect(await client.requestBlob({ path: '/x' })).toMatchObject({
      contentType: 'text/csv',
      fileName: undefined,
    });
  });

  it('rejects with the platform’s error, telling onUnauthorized about a 401', async () => {
    const envelope = (code: string, status: number) =>
      jsonResponse(
        { error: { error_code: code, error_type: 'e', error_message: `Refused ${code}` } },
        status,
      );
    const onUnauthorized = vi.fn();
    const notReady = createApiClient({
      baseUrl: 'https://api.test',
      onUnauthorized,
      fetch: createFakeFetch(() => envelope('F0400', 409)).fetch,
    });
    await expect(notReady.requestBlob({ path: '/x' })).rejects.toMatchObject({ status: 409, code: 'F0400' });
    expect(onUnauthorized).not.toHaveBeenCalled();

    const expired = createApiClient({
      baseUrl: 'https://api.test',
      onUnauthorized,
      fetch: createFakeFetch(() => envelope('F0100', 401)).fetch,
    });
    const error = await expired.requestBlob({ path: '/x' }).catch((caught) => caught);
    expect(error).toMatchObject({ status: 401, code: 'F0100' });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(error);
  });
});
