import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartyDetails, UpdatePartyDetailsRequest } from '@waratah/contracts';
import { type ApiClient, updateExternalPartyDetails } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { partyDetailsQueryKey } from './get-party-details.ts';

/** `PUT api/adviser/parties/external/details`: the profession, credentials and aggregator. */
export function updatePartyDetails(
  client: ApiClient,
  details: UpdatePartyDetailsRequest,
): Promise<PartyDetails> {
  return updateExternalPartyDetails(client, details);
}

export function useUpdatePartyDetails() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: UpdatePartyDetailsRequest) => updatePartyDetails(client, details),
    onSuccess: (party) => queryClient.setQueryData(partyDetailsQueryKey, party),
  });
}
