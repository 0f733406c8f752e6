import {
  accountListResponseSchema,
  listAccountsQuerySchema,
  onBehalfHeadersSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptClientAnswer } from '../../../access/client-answer-cache.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { listAccounts } from '../../../aggregation/accounts-repository.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/accounts` (spec §7 Aggregation).` */
export const getAccountsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/accounts',
    {
      config: confirmsCaller,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: "The client's accounts with balances and refresh status.",
        querystring: listAccountsQuerySchema,
        response: { 200: accountListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      return keptClientAnswer(request, reply, scope, async () => ({
        data: await listAccounts(app.database.db, scope, request.query),
      }));
    },
  );
};
