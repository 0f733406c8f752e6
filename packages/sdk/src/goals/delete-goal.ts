import type { ApiClient } from '../create-api-client.ts';
import { deleteCall } from '../delete-call.ts';
import type { CallOptions } from '../on-behalf.ts';

/** `DELETE api/v2/goals/{id}` (spec §7 Goals). */
export function deleteGoal(client: ApiClient, id: number, options: CallOptions = {}): Promise<void> {
  return deleteCall(client, `/api/v2/goals/${id}`, options);
}
