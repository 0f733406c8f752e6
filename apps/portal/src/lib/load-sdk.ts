import type { ApiClient, ApiClientOptions } from '@waratah/sdk';

/** A module fetched once; a failed fetch is tried again on the next call. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** The first page's SDK calls: start-up's, sign-in's and the session's. */
export const loadSdk = loadOnce(() => import('./sdk-calls.ts'));

/** The route guard's calls for a signed-in adviser, apart: the sign-in page never makes them. */
export const loadSignedInSdk = loadOnce(() => import('./signed-in-sdk-calls.ts'));

/** An API client whose SDK loads with its first request, so that the first page renders without it. */
export function createLazyApiClient(options: ApiClientOptions): ApiClient {
  let client: ApiClient | undefined;
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    async request(request) {
      client ??= (await loadSdk()).createApiClient(options);
      return client.request(request);
    },
    async requestBlob(request) {
      client ??= (await loadSdk()).createApiClient(options);
      return client.requestBlob(request);
    },
  };
}
