import { type PartyDetails, partyDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `PUT api/admin/cdr/parties/external/{id}` (operators): enables or disables a practice. */
export async function updatePartyStatus(
  client: ApiClient,
  id: number,
  status: 'enabled' | 'disabled',
): Promise<PartyDetails> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/admin/cdr/parties/external/${id}`,
    body: { status },
    schema: partyDetailsResponseSchema,
  });
  return response.data;
}
