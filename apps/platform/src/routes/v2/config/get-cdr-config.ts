import { apiRequestHeadersSchema, cdrConfigResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCdrConfig } from '../../../access/cdr-config.ts';
import { openToConsentsScope } from '../../../auth/principal.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/config/cdr` (spec §7 Config).` */
export const getCdrConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/config/cdr',
    {
      // Open to anyone: a suspended client's consents-only app reads it too.
      config: openToConsentsScope,
      schema: {
        tags: ['config'],
        headers: apiRequestHeadersSchema,
        description: "The tenant's consent configuration: the sharing durations offered, at most 12 months.",
        response: { 200: cdrConfigResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      return { data: await getCdrConfig(app.database.db, requestTenancy(request).tenant.id) };
    },
  );
};
