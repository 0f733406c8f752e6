import { type PartyDetails, partyDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `GET api/adviser/parties/external/details`: the adviser's practice (404 before registering one). */
export async function getExternalPartyDetails(client: ApiClient): Promise<PartyDetails> {
  const response = await client.request({
    path: '/api/adviser/parties/external/details',
    schema: partyDetailsResponseSchema,
  });
  return response.data;
}
