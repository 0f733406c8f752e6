import { accountResponseSchema, idParamsSchema, onBehalfHeadersSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { getAccount } from '../../../aggregation/accounts-repository.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/accounts/{id}` (spec §7 Aggregation).` */
export const getAccountRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/accounts/:id',
    {
      config: confirmsCaller,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'One account of the client.',
        params: idParamsSchema,
        response: { 200: accountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await getAccount(app.database.db, scope, request.params.id) };
    },
  );
};
