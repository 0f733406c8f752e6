import type { ApiClient } from '../create-api-client.ts';
import { deleteCall } from '../delete-call.ts';
import type { CallOptions } from '../on-behalf.ts';

/** `DELETE api/adviser/images/{id}` (spec §7 Adviser). */
export function deleteAdviserImage(client: ApiClient, id: number, options: CallOptions = {}): Promise<void> {
  return deleteCall(client, `/api/adviser/images/${id}`, options);
}
