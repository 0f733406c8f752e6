import { isApiError } from '../../../lib/is-api-error.ts';

/** The platform's code of a 403 for a feature the tenant's app config turns off. */
export const FEATURE_OFF_CODE = 'F0204';

/**
 * Why the platform refused a suspension, reactivation or unlink for good, so that asking again
 * cannot pass: `gone` (404), the client is no longer one the practice may change (unlinked, maybe
 * by a colleague, or their consent ended); `off` (403 F0204), the tenant's feature was switched
 * off; `refused` (any other 403), e.g. a reactivation of someone else's suspension, whose message
 * says who may. Null for any other failure, which a retry may pass.
 */
export function clientRefusal(error: unknown): 'gone' | 'off' | 'refused' | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) return 'gone';
  if (error.status === 403) return error.code === FEATURE_OFF_CODE ? 'off' : 'refused';
  return null;
}
