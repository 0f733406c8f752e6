import type { FastifyPluginAsync } from 'fastify';
import { postAdminInviteRoute } from '../user/post-invite.ts';
import { putAdminUserRoute } from '../user/put-user.ts';
import { putAdminUserSummaryRoute } from '../user/put-user-summary.ts';
import { getAdminUserRoute } from './get-user.ts';
import { getAdminUsersRoute } from './get-users.ts';
import { putAdminUserRoute as putAdminUsersIdRoute } from './put-user.ts';

/** The admin family's client routes (`/api/admin/users…`, `/api/admin/user…`); registered under `/api`. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  for (const route of [
    getAdminUsersRoute,
    getAdminUserRoute,
    putAdminUsersIdRoute,
    putAdminUserRoute,
    putAdminUserSummaryRoute,
    postAdminInviteRoute,
  ]) {
    await app.register(route);
  }
};
