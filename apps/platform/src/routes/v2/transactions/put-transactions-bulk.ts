import {
  bulkUpdateTransactionsBodySchema,
  onBehalfHeadersSchema,
  transactionIdsResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { updateTransactions } from '../../../aggregation/transactions/update-transactions.ts';
import { assertAdviserFeature } from '../../../app-config/tenant-features.ts';
import { errorResponses } from '../error-responses.ts';

/** `PUT api/v2/transactions/bulk`: one change to many transactions, all or none (spec §7 Aggregation).` */
export const putTransactionsBulkRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/v2/transactions/bulk',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description:
          'Applies one change to up to 500 transactions in one database transaction; an unknown id changes nothing.',
        body: bulkUpdateTransactionsBodySchema,
        response: { 200: transactionIdsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // Refused before the access check, which records an audit row and marks the consent in use.
      await assertAdviserFeature(request, 'transaction_categorisation', 'Changing transactions together');
      const scope = await resolveClientScope(request);
      const { transaction_ids, ...change } = request.body;
      return {
        data: { transaction_ids: await updateTransactions(app.database.db, scope, transaction_ids, change) },
      };
    },
  );
};
