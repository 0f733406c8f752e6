import { type PartyDetails, partyListResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `GET api/admin/cdr/parties/external/verify` (operators): practices awaiting review. */
export async function listPartiesToVerify(client: ApiClient): Promise<PartyDetails[]> {
  const response = await client.request({
    path: '/api/admin/cdr/parties/external/verify',
    schema: partyListResponseSchema,
  });
  return response.data;
}
