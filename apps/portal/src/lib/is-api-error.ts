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
