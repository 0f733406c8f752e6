import {
  listProvidersQuerySchema,
  onBehalfHeadersSchema,
  providerListResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../access/require-principal.ts';
import { listProviders } from '../../../aggregation/providers-repository.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/providers`: the provider list, filtered by name and status (spec §7 Aggregation).` */
export const getProvidersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/providers',
    {
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'Providers, outages first then by name; `name` matches a case-insensitive substring.',
        querystring: listProvidersQuerySchema,
        response: { 200: providerListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      requirePrincipal(request);
      return { data: await listProviders(app.database.db, request.query) };
    },
  );
};
