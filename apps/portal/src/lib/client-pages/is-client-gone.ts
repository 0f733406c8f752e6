import { isApiError } from '@waratah/sdk';

/**
 * The platform answers 404 for a client who is not linked to the adviser or whose consent is not
 * active, so that no one learns whether such a client exists (DESIGN §3).
 */
export function isClientGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
