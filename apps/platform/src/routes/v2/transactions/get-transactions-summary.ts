import {
  onBehalfHeadersSchema,
  transactionSummaryQuerySchema,
  transactionSummaryResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptClientAnswer } from '../../../access/client-answer-cache.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { summariseTransactions } from '../../../aggregation/transactions/summarise-transactions.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/transactions/summary` (spec §7 Aggregation).` */
export const getTransactionsSummaryRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/transactions/summary',
    {
      config: confirmsCaller,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description:
          'Count and signed sum of the filtered transactions; by Australia/Sydney month with `period=monthly`.',
        querystring: transactionSummaryQuerySchema,
        response: { 200: transactionSummaryResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      return keptClientAnswer(request, reply, scope, async () => ({
        data: await summariseTransactions(app.database.db, scope, request.query),
      }));
    },
  );
};
