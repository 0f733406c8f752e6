import {
  type PartyDetails,
  partyDetailsResponseSchema,
  type UpdatePartyDetailsRequest,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `PUT api/adviser/parties/external/details`: company fields, profession and credentials. */
export async function updateExternalPartyDetails(
  client: ApiClient,
  request: UpdatePartyDetailsRequest,
): Promise<PartyDetails> {
  const response = await client.request({
    method: 'PUT',
    path: '/api/adviser/parties/external/details',
    body: request,
    schema: partyDetailsResponseSchema,
  });
  return response.data;
}
