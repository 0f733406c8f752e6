import type { FastifyPluginAsync } from 'fastify';
import { auditLogRoute } from '../../adviser/audit/get-audit-log.ts';
import { postAdminInviteRoute } from '../user/post-invite.ts';
import { putAdminUserRoute } from '../user/put-user.ts';
import { putAdminUserSummaryRoute } from '../user/put-user-summary.ts';
import { getAdminUserRoute } from './get-user.ts';
import { getAdminUsersRoute } from './get-users.ts';
import { putAdminUserRoute as putAdminUsersIdRoute } from './put-user.ts';

/** The admin family's client and audit log routes (`/api/admin/users…`, `/api/admin/user…`, `/api/admin/audit`); registered under `/api`. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  for (const route of [
    getAdminUsersRoute,
    getAdminUserRoute,
    putAdminUsersIdRoute,
    putAdminUserRoute,
    putAdminUserSummaryRoute,
    postAdminInviteRoute,
    auditLogRoute('/admin/audit'),
  ]) {
    await app.register(route);
  }
};
