import type { ApiClient } from '../create-api-client.ts';
import { deleteCall } from '../delete-call.ts';
import type { CallOptions } from '../on-behalf.ts';

/** `DELETE api/v2/provideraccounts/{id}`: removes a connection with its accounts and transactions. */
export function deleteProviderAccount(
  client: ApiClient,
  id: number,
  options: CallOptions = {},
): Promise<void> {
  return deleteCall(client, `/api/v2/provideraccounts/${id}`, options);
}
