import {
  onBehalfHeadersSchema,
  transactionIdsResponseSchema,
  transactionTagsBodySchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { tagTransactions } from '../../../aggregation/transactions/tag-transactions.ts';
import { assertAdviserFeature } from '../../../app-config/tenant-features.ts';
import { errorResponses } from '../error-responses.ts';

/** `DELETE api/v2/transactions/tags` with a body: removes tags (spec §7 Aggregation).` */
export const deleteTransactionTagsRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/v2/transactions/tags',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'Removes tags from transactions.',
        body: transactionTagsBodySchema,
        response: { 200: transactionIdsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assertAdviserFeature(request, 'transaction_categorisation', 'Removing tags');
      const scope = await resolveClientScope(request);
      return {
        data: { transaction_ids: await tagTransactions(app.database.db, scope, request.body, 'remove') },
      };
    },
  );
};
