import { apiRequestHeadersSchema, cdrConfigParamsSchema, cdrConfigResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCdrConfig } from '../../../access/cdr-config.ts';
import { openToConsentsScope } from '../../../auth/principal.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/config/cdr/{id}` (spec §7 Config).` */
export const getCdrConfigByIdRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/config/cdr/:id',
    {
      // Open to anyone: a suspended client's consents-only app reads it too.
      config: openToConsentsScope,
      schema: {
        tags: ['config'],
        headers: apiRequestHeadersSchema,
        description: 'One consent configuration by its external id.',
        params: cdrConfigParamsSchema,
        response: { 200: cdrConfigResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      return {
        data: await getCdrConfig(app.database.db, requestTenancy(request).tenant.id, request.params.id),
      };
    },
  );
};
