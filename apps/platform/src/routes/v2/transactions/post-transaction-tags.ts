import {
  addTransactionTagsBodySchema,
  onBehalfHeadersSchema,
  transactionIdsResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { tagTransactions } from '../../../aggregation/transactions/tag-transactions.ts';
import { assertAdviserFeature } from '../../../app-config/tenant-features.ts';
import { errorResponses } from '../error-responses.ts';

/** `POST api/v2/transactions/tags`: adds tags (spec §7 Aggregation).` */
export const postTransactionTagsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/transactions/tags',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'Adds tags to transactions, each tag once.',
        body: addTransactionTagsBodySchema,
        response: { 200: transactionIdsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assertAdviserFeature(request, 'transaction_categorisation', 'Tagging transactions');
      const scope = await resolveClientScope(request);
      return {
        data: { transaction_ids: await tagTransactions(app.database.db, scope, request.body, 'add') },
      };
    },
  );
};
