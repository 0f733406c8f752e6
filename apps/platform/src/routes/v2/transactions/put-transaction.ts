import {
  idParamsSchema,
  onBehalfHeadersSchema,
  transactionResponseSchema,
  updateTransactionBodySchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { getTransaction } from '../../../aggregation/transactions/get-transaction.ts';
import { updateTransactions } from '../../../aggregation/transactions/update-transactions.ts';
import { assertAdviserFeature } from '../../../app-config/tenant-features.ts';
import { errorResponses } from '../error-responses.ts';

/** `PUT api/v2/transactions/{id}`: recategorise, include or annotate (spec §7 Aggregation).` */
export const putTransactionRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/v2/transactions/:id',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description:
          'Changes budget category, category, included flag, memo or description of one transaction.',
        params: idParamsSchema,
        body: updateTransactionBodySchema,
        response: { 200: transactionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // The bulk change's feature: one id at a time is the same change (before 2026-11-30 not refused).
      await assertAdviserFeature(request, 'transaction_categorisation', 'Changing a transaction');
      const scope = await resolveClientScope(request);
      await updateTransactions(app.database.db, scope, [request.params.id], request.body);
      return getTransaction(app.database.db, scope, request.params.id);
    },
  );
};
