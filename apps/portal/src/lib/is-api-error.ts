import type { ApiError } from '@waratah/sdk';

/**
 * The SDK's `isApiError`, for the modules of the first page: the SDK's error module also reads
 * error bodies with zod, and importing it from here would bring zod into the first page's
 * JavaScript. An ApiError is an Error named 'ApiError' with a numeric HTTP status.
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof Error && error.name === 'ApiError' && typeof Reflect.get(error, 'status') === 'number'
  );
}

/**
 * Whether asking again may get a different answer: the server was unreachable, failed or was busy
 * (408, 429), or the error is not the server's answer at all. Any other 4xx answer will not change
 * until the request does.
 */
export function worthAskingAgain(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return serverFailed(error) || error.status === 408 || error.status === 429;
}

/** The server was unreachable (status 0) or failed (5xx): what a query retries by itself. */
export function serverFailed(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

/**
 * When all of these errors' requests may be asked again, by their answers' `Retry-After` (the
 * latest of them), in milliseconds since the epoch; undefined when none said.
 */
export function whenToAskAgain(errors: readonly unknown[]): number | undefined {
  let latest: number | undefined;
  for (const error of errors) {
    const retryAt = isApiError(error) ? error.retryAt : undefined;
    if (retryAt !== undefined && (latest === undefined || retryAt > latest)) latest = retryAt;
  }
  return latest;
}
