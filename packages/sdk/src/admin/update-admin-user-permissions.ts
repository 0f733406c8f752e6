import {
  type AdminPermissionArea,
  type AdminUserPermissionsResponse,
  adminUserPermissionsResponseSchema,
} from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/**
 * `PUT api/admin/adminusers/{id}/permissions`: sets the permission areas of another operator of the
 * tenant (an operator holding `roles_and_permissions` and every area it adds or takes away).
 */
export async function updateAdminUserPermissions(
  client: ApiClient,
  id: number,
  permissions: readonly AdminPermissionArea[],
): Promise<AdminUserPermissionsResponse['data']> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/admin/adminusers/${id}/permissions`,
    body: { permissions },
    schema: adminUserPermissionsResponseSchema,
  });
  return response.data;
}
