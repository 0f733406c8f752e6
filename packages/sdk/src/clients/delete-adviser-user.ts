import type { ApiClient } from '../create-api-client.ts';
import { deleteCall } from '../delete-call.ts';
import type { CallOptions } from '../on-behalf.ts';

/** `DELETE api/adviser/users/{id}`: unlinks a client; needs `options.externalPartyId` (spec §6). */
export function deleteAdviserUser(client: ApiClient, id: number, options: CallOptions = {}): Promise<void> {
  return deleteCall(client, `/api/adviser/users/${id}`, options);
}
