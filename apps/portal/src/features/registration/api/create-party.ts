import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePartyRequest, PartyDetails } from '@waratah/contracts';
import { type ApiClient, createExternalParty } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { partyDetailsQueryKey } from './get-party-details.ts';

/** `POST api/adviser/parties/external`: the adviser's practice, from the company step. */
export function createParty(client: ApiClient, party: CreatePartyRequest): Promise<PartyDetails> {
  return createExternalParty(client, party);
}

export function useCreateParty() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (party: CreatePartyRequest) => createParty(client, party),
    onSuccess: (party) => queryClient.setQueryData(partyDetailsQueryKey, party),
  });
}
