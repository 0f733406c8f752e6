import {
  adminAppConfigParamsSchema,
  apiRequestHeadersSchema,
  appConfigResponseSchema,
  errorBodySchema,
  updateAppConfigBodySchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateAppConfig } from '../../../app-config/update-app-config.ts';
import { requireOperator } from '../../../auth/require-admin-user.ts';

/**
 * `PUT api/admin/config/app/{id}`: a platform operator switches features on or off (or changes
 * links) in one environment of their own tenant; advisers get 403. The portal reads the change
 * on its next app-config load (`GET api/v2/config/app/{id}`).
 */
export const putAdminAppConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/config/app/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          "Changes features or links of one app config of the operator's tenant, in one environment; keys not listed keep their value. Audited.",
        headers: apiRequestHeadersSchema,
        params: adminAppConfigParamsSchema,
        body: updateAppConfigBodySchema,
        response: {
          200: appConfigResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      return {
        data: await updateAppConfig(app.database.db, operator, request.params.id, request.body, request.ip),
      };
    },
  );
};
