import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartyDetails } from '@waratah/contracts';
import { type ApiClient, getExternalPartyDetails, isApiError } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** `GET api/adviser/parties/external/details`: the adviser's practice; null while they have none (404). */
export async function getPartyDetails(client: ApiClient): Promise<PartyDetails | null> {
  try {
    return await getExternalPartyDetails(client);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const partyDetailsQueryKey = ['party-details'] as const;

export function partyDetailsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: partyDetailsQueryKey, queryFn: () => getPartyDetails(client) });
}

export function usePartyDetails() {
  const client = useApiClient();
  return useQuery(partyDetailsQueryOptions(client));
}
