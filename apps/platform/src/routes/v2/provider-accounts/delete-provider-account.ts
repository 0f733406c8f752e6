import { idParamsSchema, onBehalfHeadersSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { deleteProviderAccount } from '../../../aggregation/provider-accounts-repository.ts';
import { errorResponses } from '../error-responses.ts';

/** `DELETE api/v2/provideraccounts/{id}`: removes a connection with its accounts and transactions (spec §7 Aggregation).` */
export const deleteProviderAccountRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/v2/provideraccounts/:id',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'Removes a provider connection, its accounts and their transactions.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      await deleteProviderAccount(app.database.db, scope, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
