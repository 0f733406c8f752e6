import type { ApiClient, ApiClientOptions } from '@waratah/sdk';

type SdkCalls = typeof import('./sdk-calls.ts');

let loading: Promise<SdkCalls> | undefined;

/** The first page's SDK calls, fetched once; a failed fetch is tried again on the next call. */
export function loadSdk(): Promise<SdkCalls> {
  loading ??= import('./sdk-calls.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

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
