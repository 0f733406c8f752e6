import { type Query, QueryClient } from '@tanstack/react-query';
import { isApiError, serverFailed } from './is-api-error.ts';

const MAX_RETRIES = 2;

/**
 * The longest `Retry-After` a query waits out by itself: past it the page shows its failure, whose
 * "Try again" waits for the rest and says how long (lib/retry-alert.tsx), not a skeleton for minutes.
 */
export const LONGEST_RETRY_WAIT_MS = 10_000;

/** How long the failed answer asked to wait before asking again (`Retry-After`); 0 when it did not. */
function askedWait(error: unknown): number {
  const retryAt = isApiError(error) ? error.retryAt : undefined;
  return retryAt === undefined ? 0 : retryAt - Date.now();
}

/**
 * Retrying helps only when the server was unreachable or failed, and not before the time it named;
 * a 4xx answer will not change (a 429 or 408 may, but not within the second a retry comes: the
 * reader's 'Try again' asks later).
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && serverFailed(error) && askedWait(error) <= LONGEST_RETRY_WAIT_MS;
}

/** TanStack Query's own delays (1 s, then 2 s), or the server's `Retry-After` when it is later. */
function retryDelay(failureCount: number, error: unknown): number {
  return Math.max(Math.min(1_000 * 2 ** failureCount, 30_000), askedWait(error));
}

/**
 * A failed query is asked again when a page mounts it (TanStack Query's `retryOnMount`), but not
 * before the time its failure named: a prefetch refused with a long `Retry-After` would otherwise be
 * asked again at once by its page, and refused again (before 2026-12-04 it was). The page shows the
 * failure, whose "Try again" waits out the rest.
 */
function retryOnMount(query: Query): boolean {
  return askedWait(query.state.error) <= 0;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        retryOnMount,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  });
}
