import { onBehalfHeadersSchema, transactionCategoryListResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../access/require-principal.ts';
import { listTransactionCategories } from '../../../aggregation/transactions/list-transaction-categories.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/transactions/categories` (spec §7 Aggregation).` */
export const getTransactionCategoriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/transactions/categories',
    {
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'The transaction categories with their default budget category.',
        response: { 200: transactionCategoryListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      requirePrincipal(request);
      return { data: await listTransactionCategories(app.database.db) };
    },
  );
};
