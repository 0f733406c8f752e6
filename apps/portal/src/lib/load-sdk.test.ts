import { isApiError } from '@waratah/sdk';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLazyApiClient, loadSdk, loadSignedInSdk } from './load-sdk.ts';

describe('createLazyApiClient', () => {
  it('sends requests through the SDK client, made once, with the options given', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ data: { ok: true } }),
    );
    const client = createLazyApiClient({ baseUrl: 'http://api.test/', apiVersion: '2.30', fetch });

    expect(client.baseUrl).toBe('http://api.test');
    const schema = z.object({ data: z.object({ ok: z.boolean() }) });
    await expect(client.request({ path: '/api/v2/a', schema })).resolves.toEqual({ data: { ok: true } });
    await client.request({ path: '/api/v2/b', schema });

    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'http://api.test/api/v2/a',
      'http://api.test/api/v2/b',
    ]);
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('X-Api-Version')).toBe('2.30');
  });

  it("rejects with the SDK's errors", async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        { error: { error_code: 'not_found', error_type: 'NotFound', error_message: 'No such client' } },
        { status: 404 },
      ),
    );
    const client = createLazyApiClient({ baseUrl: 'http://api.test', fetch });

    const error = await client.request({ path: '/api/v2/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(isApiError(error) && [error.status, error.message]).toEqual([404, 'No such client']);
  });
});

describe('loadSdk', () => {
  it('loads the calls of the first page once', async () => {
    const first = await loadSdk();
    expect(await loadSdk()).toBe(first);
    expect(Object.keys(first).sort()).toEqual([
      'createApiClient',
      'getAppConfig',
      'refreshToken',
      'requestAdminToken',
      'retryAtOf',
      'revokeToken',
    ]);
  });

  it("loads the signed-in adviser's calls apart, once", async () => {
    const first = await loadSignedInSdk();
    expect(await loadSignedInSdk()).toBe(first);
    expect(Object.keys(first).sort()).toEqual(['getAdminUserDetails', 'getExternalPartyDetails']);
  });
});
