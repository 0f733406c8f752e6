import { type PartyDetails, partyDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

export interface VerifyPartyRequest {
  id: number;
  status: 'enabled' | 'disabled';
}

/** `POST api/admin/cdr/parties/external/verify` (operators): decides on a practice in review. */
export async function verifyParty(client: ApiClient, request: VerifyPartyRequest): Promise<PartyDetails> {
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/cdr/parties/external/verify',
    body: request,
    schema: partyDetailsResponseSchema,
  });
  return response.data;
}
