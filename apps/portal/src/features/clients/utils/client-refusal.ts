import { isApiError } from '../../../lib/is-api-error.ts';

/**
 * Why the platform refused a suspension, reactivation or unlink for good, so that asking again
 * cannot pass: `gone` (404), the client is no longer one the practice may change (unlinked, maybe
 * by a colleague, or their consent ended); `refused` (403), the tenant's feature is off, or a
 * reactivation of someone else's suspension. Null for any other failure, which a retry may pass.
 */
export function clientRefusal(error: unknown): 'gone' | 'refused' | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) return 'gone';
  if (error.status === 403) return 'refused';
  return null;
}
