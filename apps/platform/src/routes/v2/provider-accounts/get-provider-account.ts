import { idParamsSchema, onBehalfHeadersSchema, providerAccountResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { getProviderAccount } from '../../../aggregation/provider-accounts-repository.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/provideraccounts/{id}` (spec §7 Aggregation).` */
export const getProviderAccountRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/provideraccounts/:id',
    {
      config: confirmsCaller,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'One provider connection.',
        params: idParamsSchema,
        response: { 200: providerAccountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await getProviderAccount(app.database.db, scope, request.params.id) };
    },
  );
};
