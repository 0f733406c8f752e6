import { idParamsSchema, onBehalfHeadersSchema, transactionResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { getTransaction } from '../../../aggregation/transactions/get-transaction.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/transactions/{id}` (spec §7 Aggregation).` */
export const getTransactionRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/transactions/:id',
    {
      config: confirmsCaller,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'One transaction.',
        params: idParamsSchema,
        response: { 200: transactionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return getTransaction(app.database.db, scope, request.params.id);
    },
  );
};
