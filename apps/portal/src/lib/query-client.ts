import { QueryClient } from '@tanstack/react-query';
import { serverFailed } from './is-api-error.ts';

const MAX_RETRIES = 2;

/**
 * Retrying helps only when the server was unreachable or failed; a 4xx answer will not change (a
 * 429 or 408 may, but not within the second a retry comes: the reader's 'Try again' asks later).
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && serverFailed(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
