import { idParamsSchema, onBehalfHeadersSchema, providerResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../access/require-principal.ts';
import { getProvider } from '../../../aggregation/providers-repository.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/providers/{id}` (spec §7 Aggregation).` */
export const getProviderRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/providers/:id',
    {
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'One provider.',
        params: idParamsSchema,
        response: { 200: providerResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      requirePrincipal(request);
      return { data: await getProvider(app.database.db, request.params.id) };
    },
  );
};
