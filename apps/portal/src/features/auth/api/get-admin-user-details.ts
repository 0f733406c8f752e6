import type { ApiClient } from '@waratah/sdk';
import type { UserDetails } from '../../../lib/app-state.tsx';
import { loadSignedInSdk } from '../../../lib/load-sdk.ts';

/** `GET api/admin/adminusers/details`: the signed-in adviser of a password tenant (spec §4 guard). */
export async function getAdminUserDetails(client: ApiClient): Promise<UserDetails> {
  const details = await (await loadSignedInSdk()).getAdminUserDetails(client);
  return {
    id: String(details.id),
    given_name: details.given_name,
    family_name: details.family_name,
    email: details.email,
    external_party: details.external_party && {
      id: String(details.external_party.id),
      status: details.external_party.status,
    },
  };
}
