import { type CreatePartyRequest, type PartyDetails, partyDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `POST api/admin/cdr/parties/external` (operators): adds a practice, enabled. */
export async function createCdrParty(client: ApiClient, request: CreatePartyRequest): Promise<PartyDetails> {
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/cdr/parties/external',
    body: request,
    schema: partyDetailsResponseSchema,
  });
  return response.data;
}
