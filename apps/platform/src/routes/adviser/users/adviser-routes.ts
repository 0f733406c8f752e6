import type { FastifyPluginAsync } from 'fastify';
import { auditLogRoute } from '../audit/get-audit-log.ts';
import { deleteAdviserImageRoute } from '../images/delete-image.ts';
import { getAdviserImageContentRoute } from '../images/get-image-content.ts';
import { getAdviserImagesRoute } from '../images/get-images.ts';
import { postAdviserImageUploadRoute } from '../images/post-image-upload.ts';
import { postAdviserInviteLegacyRoute } from '../user/post-invite-legacy.ts';
import { deleteAdviserUserRoute } from './delete-user.ts';
import { getAdviserPracticeConsentsRoute } from './get-practice-consents.ts';
import { getAdviserUserRoute } from './get-user.ts';
import { getAdviserUsersRoute } from './get-users.ts';
import { putAdviserUserRoute } from './put-user.ts';

/** The adviser family's client, image and audit log routes (`/api/adviser/…`); registered under `/api`. */
export const adviserRoutes: FastifyPluginAsync = async (app) => {
  for (const route of [
    getAdviserUsersRoute,
    getAdviserPracticeConsentsRoute,
    getAdviserUserRoute,
    putAdviserUserRoute,
    deleteAdviserUserRoute,
    postAdviserInviteLegacyRoute,
    getAdviserImagesRoute,
    getAdviserImageContentRoute,
    postAdviserImageUploadRoute,
    deleteAdviserImageRoute,
    auditLogRoute('/adviser/audit'),
  ]) {
    await app.register(route);
  }
};
