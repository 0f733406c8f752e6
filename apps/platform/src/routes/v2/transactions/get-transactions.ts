import {
  listTransactionsQuerySchema,
  onBehalfHeadersSchema,
  transactionListResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptClientAnswer } from '../../../access/client-answer-cache.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { listTransactions } from '../../../aggregation/transactions/list-transactions.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { errorResponses } from '../error-responses.ts';
import { withPagingLinks } from '../paging-links.ts';

/** `GET api/v2/transactions`: filtered, cursor-paged, newest first (spec §7 Aggregation).` */
export const getTransactionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/transactions',
    {
      config: confirmsCaller,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description:
          'Transactions newest first. Page with the `after` (older) and `before` (newer) cursors of `paging`, or follow its `next` (older) and `previous` (newer) links; `size` at most 500.',
        querystring: listTransactionsQuerySchema,
        response: { 200: transactionListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      return keptClientAnswer(request, reply, scope, async () =>
        withPagingLinks(request, await listTransactions(app.database.db, scope, request.query)),
      );
    },
  );
};
