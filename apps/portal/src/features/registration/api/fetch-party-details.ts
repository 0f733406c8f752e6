import type { PartyDetails } from '@waratah/contracts';
import type { ApiClient } from '@waratah/sdk';
import { isApiError } from '../../../lib/is-api-error.ts';
import { loadSignedInSdk } from '../../../lib/load-sdk.ts';

// Apart from the query hook, for the route guard in the first page's JavaScript.
/** `GET api/adviser/parties/external/details`: the adviser's practice; null while they have none (404). */
export async function getPartyDetails(client: ApiClient): Promise<PartyDetails | null> {
  try {
    return await (await loadSignedInSdk()).getExternalPartyDetails(client);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
