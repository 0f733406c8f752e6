import {
  apiRequestHeadersSchema,
  appConfigParamsSchema,
  appConfigResponseSchema,
  errorBodySchema,
  tenantAppConfigParamsSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAppConfig } from '../../app-config/get-app-config.ts';
import { openToConsentsScope } from '../../auth/principal.ts';
import { requestTenancy } from '../../tenancy/request-tenancy.ts';

const response = { 200: appConfigResponseSchema, 400: errorBodySchema, 404: errorBodySchema };
const description = 'The app config (features and links) of one platform, for the tenant the request is for.';

/** `GET api/v2/config/app/{id}`, also under the tenant prefix (spec §7 Config). */
export const getAppConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/config/app/:id',
    {
      // Open to anyone: a suspended client's consents-only app reads it too.
      config: openToConsentsScope,
      schema: {
        tags: ['config'],
        description,
        headers: apiRequestHeadersSchema,
        params: appConfigParamsSchema,
        response,
      },
    },
    async (request) => {
      const { tenant, environment } = requestTenancy(request);
      const key = { tenantId: tenant.id, environment, platformKey: request.params.id };
      return { data: await getAppConfig(app.appConfigs, key) };
    },
  );

  app.get(
    '/v2/:tenant/config/app/:id',
    {
      // Open to anyone: a suspended client's consents-only app reads it too.
      config: openToConsentsScope,
      schema: {
        tags: ['config'],
        description,
        headers: apiRequestHeadersSchema,
        params: tenantAppConfigParamsSchema,
        response,
      },
    },
    async (request) => {
      const { tenant, environment } = requestTenancy(request, request.params.tenant);
      const key = { tenantId: tenant.id, environment, platformKey: request.params.id };
      return { data: await getAppConfig(app.appConfigs, key) };
    },
  );
};
