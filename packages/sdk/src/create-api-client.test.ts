import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { createApiClient } from './create-api-client.ts';
import { sdkDefaults } from './sdk-defaults.ts';
import { createFakeFetch, jsonResponse } from './testing/fake-fetch.ts';

const okSchema = z.object({ ok: z.boolean() });
const answeringOk = () => jsonResponse({ ok: true });

describe('createApiClient', () => {
  it('sends the library defaults, JSON and credentials when nothing is overridden', async () => {
    const fake = createFakeFetch(answeringOk);
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: fake.fetch });

    await client.request({ path: '/api/v2/ping', schema: okSchema });

    const request = fake.lastRequest();
    expect(request.url).toBe('https://api.example.test/api/v2/ping');
    expect(request.method).toBe('GET');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('X-Api-Version')).toBe('2.28');
    expect(request.headers.get('X-Bundle-Id')).toBe('webview.us.waratah');
    expect(request.headers.get('X-Software-Version')).toBe('V2.00');
    expect(request.headers.get('X-Device-Version')).toBe('web2.0.0');
  });

  it('exports the defaults it sends', () => {
    expect(sdkDefaults).toEqual({
      apiVersion: '2.28',
      bundleId: 'webview.us.waratah',
      softwareVersion: 'V2.00',
      deviceVersion: 'web2.0.0',
    });
  });

  it('sends the versions and bundle id it was given instead of the defaults', async () => {
    const fake = createFakeFetch(answeringOk);
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      apiVersion: '2.30',
      bundleId: 'waratah-adviser-portal@1.244.2',
      softwareVersion: '1.244.2',
      deviceVersion: 'web1.244.2',
      fetch: fake.fetch,
    });

    await client.request({ path: '/ping', schema: okSchema });

    const { headers } = fake.lastRequest();
    expect(headers.get('X-Api-Version')).toBe('2.30');
    expect(headers.get('X-Bundle-Id')).toBe('waratah-adviser-portal@1.244.2');
    expect(headers.get('X-Software-Version')).toBe('1.244.2');
    expect(headers.get('X-Device-Version')).toBe('web1.244.2');
  });

  it('sends a bearer token when one is stored and single sign-on is off', async () => {
    const fake = createFakeFetch(answeringOk);
    let token: string | null = null;
    const client = createApiClient({
      baseUrl: 'https://api.test',
      getAccessToken: () => token,
      fetch: fake.fetch,
    });

    await client.request({ path: '/ping', schema: okSchema });
    token = 'abc123';
    await client.request({ path: '/ping', schema: okSchema });

    expect(fake.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(fake.requests[1]?.headers.get('Authorization')).toBe('Bearer abc123');
    expect(fake.requests[1]?.headers.has('X-Tenant-Id')).toBe(false);
  });

  it('sends the tenant id and no bearer token with single sign-on', async () => {
    const fake = createFakeFetch(answeringOk);
    const client = createApiClient({
      baseUrl: 'https://api.test',
      sso: true,
      tenantId: 'tenant-42',
      getAccessToken: () => 'stale-token',
      fetch: fake.fetch,
    });

    await client.request({ path: '/ping', schema: okSchema });

    const { headers } = fake.lastRequest();
    expect(headers.get('X-Tenant-Id')).toBe('tenant-42');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('echoes the XSRF token with single sign-on', async () => {
    const fake = createFakeFetch(answeringOk);
    const client = createApiClient({
      baseUrl: 'https://api.test',
      sso: true,
      getXsrfToken: () => 'xsrf-1',
      fetch: fake.fetch,
    });

    await client.request({ method: 'POST', path: '/ping', body: {}, schema: okSchema });

    expect(fake.lastRequest().headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('sends a call refused for its XSRF echo once more when the cookie has changed since, and only then', async () => {
    const refused = () =>
      jsonResponse(
        { error: { error_code: 'F0202', error_type: 'xsrf_token_mismatch', error_message: 'echo' } },
        403,
      );
    let cookie = 'stale-copy';
    const fake = createFakeFetch((request) => {
      if (request.headers.get('X-XSRF-TOKEN') === 'fresh') return answeringOk();
      cookie = 'fresh'; // the refusal's Set-Cookie
      return refused();
    });
    const client = createApiClient({
      baseUrl: 'https://api.test',
      sso: true,
      getXsrfToken: () => cookie,
      fetch: fake.fetch,
    });
    await expect(
      client.request({ method: 'POST', path: '/ping', body: {}, schema: okSchema }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(fake.requests.map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual([
      'stale-copy',
      'fresh',
    ]);

    // The same cookie after the refusal: no second try, the refusal is the answer.
    const unchanged = createFakeFetch(refused);
    const stuck = createApiClient({
      baseUrl: 'https://api.test',
      sso: true,
      getXsrfToken: () => 'same',
      fetch: unchanged.fetch,
    });
    await expect(
      stuck.request({ method: 'POST', path: '/ping', body: {}, schema: okSchema }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'F0202',
    });
    expect(unchanged.requests).toHaveLength(1);
  });

  it('joins the base URL and path with one slash and encodes the query', async () => {
    const fake = createFakeFetch(answeringOk);
    const client = createApiClient({ baseUrl: 'https://api.test/', fetch: fake.fetch });

    await client.request({
      path: 'api/v2/transactions',
      query: { search: 'coffee & cake', size: 50, after: undefined, before: null },
      schema: okSchema,
    });

    expect(fake.lastRequest().url).toBe(
      'https://api.test/api/v2/transactions?search=coffee+%26+cake&size=50',
    );
  });

  it('sends the body as JSON and lets a call override headers and credentials', async () => {
    const fake = createFakeFetch(answeringOk);
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });

    await client.request({
      method: 'POST',
      path: '/user/reset',
      body: { email: 'adviser@example.test' },
      headers: { 'X-User-Id': '7' },
      credentials: 'omit',
      schema: okSchema,
    });

    const request = fake.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.body).toEqual({ email: 'adviser@example.test' });
    expect(request.headers.get('X-User-Id')).toBe('7');
    expect(request.credentials).toBe('omit');
  });

  it('resolves with the parsed response', async () => {
    const fake = createFakeFetch(() => jsonResponse({ ok: true, extra: 'dropped' }));
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });

    await expect(client.request({ path: '/ping', schema: okSchema })).resolves.toEqual({ ok: true });
  });

  it('rejects a response that does not match the schema', async () => {
    const fake = createFakeFetch(() => jsonResponse({ ok: 'yes' }));
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });

    const error = await client.request({ path: '/ping', schema: okSchema }).catch((caught) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('accepts any status from 200 to 299 as success', async () => {
    const fake = createFakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });

    await expect(client.request({ method: 'DELETE', path: '/goals/1', schema: z.undefined() })).resolves.toBe(
      undefined,
    );
  });

  it('turns the error envelope into an ApiError', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse(
        { error: { error_code: 'F0300', error_type: 'not_found', error_message: 'Goal not found' } },
        404,
      ),
    );
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });

    const error = await client.request({ path: '/goals/9', schema: okSchema }).catch((caught) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'F0300', type: 'not_found', message: 'Goal not found' });
  });

  it('prefers the OAuth error_description', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({ error: 'invalid_grant', error_description: 'The email or password is incorrect' }, 400),
    );
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });

    const error = await client
      .request({ path: '/oauth/admin/token', schema: okSchema })
      .catch((caught) => caught);

    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_grant',
      message: 'The email or password is incorrect',
    });
  });

  it('keeps the status text when the error body is not one it knows', async () => {
    const fake = createFakeFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch });

    const error = await client.request({ path: '/ping', schema: okSchema }).catch((caught) => caught);

    expect(error).toMatchObject({ status: 502, code: 'unknown_error', message: 'Bad Gateway' });
  });

  it('says when a refusal’s Retry-After lets the call be sent again, for JSON and files alike', async () => {
    const busy = () =>
      new Response(
        JSON.stringify({ error: { error_code: 'F0900', error_type: 'rate_limited', error_message: 'Busy' } }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '60' } },
      );
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: createFakeFetch(busy).fetch });
    const before = Date.now();

    const json = await client.request({ path: '/ping', schema: okSchema }).catch((caught) => caught);
    const file = await client.requestBlob({ path: '/file' }).catch((caught) => caught);

    for (const error of [json, file]) {
      expect(error).toMatchObject({ status: 429, code: 'F0900' });
      expect(error.retryAt).toBeGreaterThanOrEqual(before + 60_000);
      expect(error.retryAt).toBeLessThanOrEqual(Date.now() + 60_000);
    }
    const plain = createApiClient({
      baseUrl: 'https://api.test',
      fetch: createFakeFetch(() => jsonResponse({ error: 'nope' }, 400)).fetch,
    });
    const refused = await plain.request({ path: '/ping', schema: okSchema }).catch((caught) => caught);
    expect(refused.retryAt).toBeUndefined();
  });

  it('calls onUnauthorized on a 401 and still rejects', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse(
        { error: { error_code: 'F0100', error_type: 'unauthorised', error_message: 'Expired' } },
        401,
      ),
    );
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: 'https://api.test', onUnauthorized, fetch: fake.fetch });

    const error = await client.request({ path: '/ping', schema: okSchema }).catch((caught) => caught);

    expect(error).toMatchObject({ status: 401, code: 'F0100' });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('does not call onUnauthorized for other failures', async () => {
    const fake = createFakeFetch(() => jsonResponse({ error: 'forbidden' }, 403));
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: 'https://api.test', onUnauthorized, fetch: fake.fetch });

    await client.request({ path: '/ping', schema: okSchema }).catch(() => undefined);

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects with status 0 when the server cannot be reached', async () => {
    const client = createApiClient({
      baseUrl: 'https://api.test',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });

    const error = await client.request({ path: '/ping', schema: okSchema }).catch((caught) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('passes a cancellation through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('Aborted', 'AbortError');
    const client = createApiClient({ baseUrl: 'https://api.test', fetch: () => Promise.reject(abort) });

    await expect(client.request({ path: '/ping', schema: okSchema, signal: controller.signal })).rejects.toBe(
      abort,
    );
  });
});
