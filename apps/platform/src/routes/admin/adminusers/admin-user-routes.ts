import type { FastifyInstance } from 'fastify';
import { getAdminUserDetails } from './get-admin-user-details.ts';
import { postInvite } from './post-invite.ts';
import { postRegister } from './post-register.ts';
import { postReset } from './post-reset.ts';
import { postResetPassword } from './post-reset-password.ts';
import { putAdminUserPermissions } from './put-admin-user-permissions.ts';

/** `api/admin/adminusers/…` (spec §7 Admin). */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  await app.register(getAdminUserDetails);
  await app.register(postReset);
  await app.register(postResetPassword);
  await app.register(postInvite);
  await app.register(postRegister);
  await app.register(putAdminUserPermissions);
}
