import { type AdminUserDetails, adminUserDetailsResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `GET api/admin/adminusers/details`: the signed-in admin user and their practice (spec §3). */
export async function getAdminUserDetails(client: ApiClient): Promise<AdminUserDetails> {
  const response = await client.request({
    path: '/api/admin/adminusers/details',
    schema: adminUserDetailsResponseSchema,
  });
  return response.data;
}
