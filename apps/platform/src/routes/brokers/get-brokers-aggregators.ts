import { aggregatorListResponseSchema, apiRequestHeadersSchema, errorBodySchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../auth/require-admin-user.ts';

/**
 * `GET api/adviser/brokers/aggregators` and `GET api/admin/brokers/aggregators` (spec §7): the
 * aggregators a broker can name among their credentials.
 */
export const getBrokersAggregators: FastifyPluginAsyncZod = async (app) => {
  for (const family of ['adviser', 'admin']) {
    app.get(
      `/api/${family}/brokers/aggregators`,
      {
        schema: {
          tags: [family],
          headers: apiRequestHeadersSchema,
          response: { 200: aggregatorListResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        requireAdminUser(request);
        const rows = await app.database.db
          .selectFrom('brokers_aggregators')
          .select(['id', 'name'])
          .orderBy('name')
          .execute();
        return { data: rows };
      },
    );
  }
};
