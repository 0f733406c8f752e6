import {
  type AdminPermissionArea,
  adminPermissionAreas,
  adminUserPermissionsRequestSchema,
  adminUserPermissionsResponseSchema,
  apiRequestHeadersSchema,
  errorBodySchema,
  idParamsSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../../access/record-audit.ts';
import { grantingArea } from '../../../auth/operator-areas.ts';
import { requireOperator } from '../../../auth/require-admin-user.ts';
import { AppError } from '../../../errors/app-error.ts';

/**
 * `PUT api/admin/adminusers/{id}/permissions` `{permissions}`: an operator holding
 * `roles_and_permissions` (the route's area, `auth/operator-areas.ts`) sets which areas another
 * operator of its tenant holds. It may add or take away only areas it holds itself (403 naming the
 * others), never its own (403: an operator cannot raise itself, nor lock itself out). Any other id
 * (an adviser's, another tenant's, none) is 404. The change is audited (`admin_user.permissions`)
 * in its transaction, both operators' rows locked meanwhile, and takes effect on the target's next
 * request: areas are read afresh on each.
 */
export const putAdminUserPermissions: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/permissions',
    {
      schema: {
        tags: ['admin users'],
        description: 'Sets the permission areas (spec §3) of another operator of the tenant.',
        headers: apiRequestHeadersSchema,
        params: idParamsSchema,
        body: adminUserPermissionsRequestSchema,
        response: {
          200: adminUserPermissionsResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const wanted = new Set<string>(request.body.permissions);
      if (id === operator.adminUserId)
        throw new AppError('forbidden', 'You cannot change your own permission areas');
      const permissions = await app.database.db.transaction().execute(async (trx) => {
        // Both rows locked, in id order: two operators taking the granting area from each other at
        // once would otherwise each read its own row unchanged, and both succeed, leaving nobody
        // able to grant (review 175; seen on PostgreSQL).
        const rows = await trx
          .selectFrom('admin_users')
          .select(['id', 'permissions', 'kind', 'tenant_id'])
          .where('id', 'in', [id, operator.adminUserId])
          .orderBy('id')
          .forUpdate()
          .execute();
        const target = rows.find(
          (row) => row.id === id && row.kind === 'operator' && row.tenant_id === operator.tenantId,
        );
        const self = rows.find((row) => row.id === operator.adminUserId);
        if (!self) throw new AppError('unauthorised', 'Please sign in to continue');
        if (!target) throw new AppError('not_found', 'There is no operator of that id');
        const held = new Set(target.permissions);
        const changed = adminPermissionAreas.filter((area) => held.has(area) !== wanted.has(area));
        const missing = [grantingArea, ...changed].filter((area) => !self.permissions.includes(area));
        if (missing.length > 0)
          throw new AppError(
            'forbidden',
            `You may add or take away only areas you hold yourself; you do not hold ${missing.join(', ')}`,
          );
        // Kept in the spec's order, whatever order the request named them in.
        const next: AdminPermissionArea[] = adminPermissionAreas.filter((area) => wanted.has(area));
        await trx
          .updateTable('admin_users')
          .set({ permissions: JSON.stringify(next), updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, {
          actor: operator,
          action: 'admin_user.permissions',
          targetType: 'admin_user',
          targetId: id,
        });
        return next;
      });
      return { data: { id, permissions } };
    },
  );
};
