import { apiHeaders } from '@waratah/contracts';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { ApiError, apiErrorFromBody, apiErrorFromResponse, clientErrorCodes } from './api-error.ts';
import { fileNameOf } from './documents/document-downloads.ts';
import { sdkDefaults } from './sdk-defaults.ts';

export interface ApiClientOptions {
  /** Scheme, host and port of the API; request paths are appended to it. */
  baseUrl: string;
  apiVersion?: string;
  bundleId?: string;
  softwareVersion?: string;
  deviceVersion?: string;
  /** Single sign-on: the session lives in cookies, so requests name the tenant instead of carrying a token. */
  sso?: boolean;
  /** Sent as X-Tenant-Id while `sso` is on. */
  tenantId?: string;
  /** Read on every request, so a token stored or cleared later takes effect at once. */
  getAccessToken?: () => string | null | undefined;
  /**
   * Single sign-on: reads the XSRF-TOKEN cookie, echoed as X-XSRF-TOKEN because the session
   * cookie authenticates the request (DESIGN §3 double submit).
   */
  getXsrfToken?: () => string | null | undefined;
  /** Told about every 401; the client still rejects, so the caller's own handling runs too. */
  onUnauthorized?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the base URL, e.g. '/api/v2/config/app/adviser-web-portal'. */
  path: string;
  /**
   * The successful response is parsed with it; a mismatch rejects with an ApiError. Any zod schema:
   * the classic API's or `zod/mini`'s, which the first page's answers are read with.
   */
  schema: $ZodType<T>;
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a FormData is sent as multipart/form-data (the runtime sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  credentials?: RequestInit['credentials'];
  signal?: AbortSignal;
}

/** A file answer: its bytes, type and the `Content-Disposition` file name (when the server gave one). */
export interface BlobResponse {
  blob: Blob;
  contentType: string;
  fileName: string | undefined;
  headers: Headers;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(request: ApiRequest<T>): Promise<T>;
  /** A request whose successful answer is a file (with the same headers, auth and errors as `request`). */
  requestBlob(request: Omit<ApiRequest<unknown>, 'schema'>): Promise<BlobResponse>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);

  /**
   * Sends a call; with single sign-on, a call refused for its XSRF echo (403 `F0202`, so nothing was
   * done) is sent once more when the cookie has changed since: the server hands out a fresh one
   * with the refusal when the browser's was one the page could not read (a copy left on the API
   * host, docs/security.md).
   */
  async function exchange(url: string, init: () => RequestInit): Promise<Response> {
    const echoed = options.sso ? options.getXsrfToken?.() : undefined;
    const response = await send(fetchImpl, url, init());
    if (!options.sso || response.status !== 403) return response;
    const fresh = options.getXsrfToken?.();
    if (!fresh || fresh === echoed || !(await refusedForXsrf(response.clone()))) return response;
    return send(fetchImpl, url, init());
  }

  async function request<T>(call: ApiRequest<T>): Promise<T> {
    const response = await exchange(buildUrl(baseUrl, call), () => ({
      method: call.method ?? 'GET',
      headers: requestHeaders(options, call),
      credentials: call.credentials ?? 'include',
      body: requestBody(call.body),
      signal: call.signal ?? null,
    }));
    const body = await readBody(response);

    if (response.status < 200 || response.status > 299) {
      const error = apiErrorFromResponse(response, body);
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }

    const parsed = safeParse(call.schema, body);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: clientErrorCodes.invalidResponse,
        message: `Unexpected response from ${call.method ?? 'GET'} ${call.path}`,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  async function requestBlob(call: Omit<ApiRequest<unknown>, 'schema'>): Promise<BlobResponse> {
    const response = await exchange(buildUrl(baseUrl, call), () => ({
      method: call.method ?? 'GET',
      headers: { ...requestHeaders(options, call), Accept: '*/*', ...call.headers },
      credentials: call.credentials ?? 'include',
      body: requestBody(call.body),
      signal: call.signal ?? null,
    }));
    if (response.status < 200 || response.status > 299) {
      const error = apiErrorFromResponse(response, await readBody(response));
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    const blob = await response.blob();
    return {
      blob,
      contentType: response.headers.get('content-type') ?? blob.type,
      fileName: fileNameOf(response.headers.get('content-disposition')),
      headers: response.headers,
    };
  }

  return { baseUrl, request, requestBlob };
}

async function refusedForXsrf(response: Response): Promise<boolean> {
  const body = await readBody(response);
  return apiErrorFromBody(response.status, body, response.statusText).code === xsrfMismatchCode;
}

/** The platform's code for an unsafe SSO call that did not echo the XSRF cookie (docs/errors.md). */
const xsrfMismatchCode = 'F0202';

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

function requestBody(body: unknown): FormData | string | null {
  if (body === undefined) return null;
  return isFormData(body) ? body : JSON.stringify(body);
}

/** A multipart body drops the JSON content type, so fetch writes its own with the boundary. */
function requestHeaders(
  options: ApiClientOptions,
  call: Pick<ApiRequest<unknown>, 'headers' | 'body'>,
): Record<string, string> {
  const headers = { ...defaultHeaders(options), ...call.headers };
  if (isFormData(call.body)) delete headers['Content-Type'];
  return headers;
}

function defaultHeaders(options: ApiClientOptions): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    [apiHeaders.apiVersion]: options.apiVersion ?? sdkDefaults.apiVersion,
    [apiHeaders.bundleId]: options.bundleId ?? sdkDefaults.bundleId,
    [apiHeaders.softwareVersion]: options.softwareVersion ?? sdkDefaults.softwareVersion,
    [apiHeaders.deviceVersion]: options.deviceVersion ?? sdkDefaults.deviceVersion,
  };
  if (options.sso) {
    if (options.tenantId) headers[apiHeaders.tenantId] = options.tenantId;
    const xsrfToken = options.getXsrfToken?.();
    if (xsrfToken) headers[apiHeaders.xsrfToken] = xsrfToken;
    return headers;
  }
  const token = options.getAccessToken?.();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function buildUrl(baseUrl: string, { path, query }: Pick<ApiRequest<unknown>, 'path' | 'query'>): string {
  const url = `${baseUrl}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function send(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (cause) {
    // A caller that cancels (TanStack Query does) expects its own AbortError back.
    if (init.signal?.aborted) throw cause;
    throw new ApiError({
      status: 0,
      code: clientErrorCodes.network,
      message: 'The server could not be reached',
      cause,
    });
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
