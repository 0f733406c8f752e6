import { type CreatePartyRequest, type PartyDetails, partyDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `POST api/adviser/parties/external`: registers the adviser's business; it starts unverified. */
export async function createExternalParty(
  client: ApiClient,
  request: CreatePartyRequest,
): Promise<PartyDetails> {
  const response = await client.request({
    method: 'POST',
    path: '/api/adviser/parties/external',
    body: request,
    schema: partyDetailsResponseSchema,
  });
  return response.data;
}
