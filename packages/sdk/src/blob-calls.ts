import { apiHeaders } from '@waratah/contracts';
import { ApiError, apiErrorFromResponse, clientErrorCodes } from './api-error.ts';
import type { ApiClientOptions } from './create-api-client.ts';
import { type CallOptions, callHeaders } from './on-behalf.ts';
import { sdkDefaults } from './sdk-defaults.ts';

/**
 * Calls whose answer (or body) is bytes, not JSON, built with the same options as
 * `createApiClient`: the same headers (API version, bundle id, token or SSO tenant and XSRF
 * token), and the platform's error envelope read into an ApiError.
 */
export interface BlobCalls {
  headers(call: CallOptions, extra: Record<string, string>): Record<string, string>;
  /** Rejects with an ApiError for a non-2xx answer or an unreachable server. */
  send(path: string, init: RequestInit, call: CallOptions): Promise<Response>;
}

export function createBlobCalls(options: ApiClientOptions): BlobCalls {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);

  function headers(call: CallOptions, extra: Record<string, string>): Record<string, string> {
    const result: Record<string, string> = {
      Accept: '*/*',
      [apiHeaders.apiVersion]: options.apiVersion ?? sdkDefaults.apiVersion,
      [apiHeaders.bundleId]: options.bundleId ?? sdkDefaults.bundleId,
      [apiHeaders.softwareVersion]: options.softwareVersion ?? sdkDefaults.softwareVersion,
      [apiHeaders.deviceVersion]: options.deviceVersion ?? sdkDefaults.deviceVersion,
      ...callHeaders(call),
      ...extra,
    };
    if (options.sso) {
      if (options.tenantId) result[apiHeaders.tenantId] = options.tenantId;
      const xsrfToken = options.getXsrfToken?.();
      if (xsrfToken) result[apiHeaders.xsrfToken] = xsrfToken;
    } else {
      const token = options.getAccessToken?.();
      if (token) result.Authorization = `Bearer ${token}`;
    }
    return result;
  }

  async function send(path: string, init: RequestInit, call: CallOptions): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}/${path.replace(/^\/+/, '')}`, {
        credentials: 'include',
        ...init,
        signal: call.signal ?? null,
      });
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      throw new ApiError({
        status: 0,
        code: clientErrorCodes.network,
        message: 'The server could not be reached',
        cause,
      });
    }
    if (response.ok) return response;
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    const error = apiErrorFromResponse(response, body);
    if (response.status === 401) options.onUnauthorized?.(error);
    throw error;
  }

  return { headers, send };
}
