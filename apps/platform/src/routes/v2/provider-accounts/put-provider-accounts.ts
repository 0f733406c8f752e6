import {
  onBehalfHeadersSchema,
  providerAccountListResponseSchema,
  refreshProviderAccountsQuerySchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { getProviderAccount, markRefreshQueued } from '../../../aggregation/provider-accounts-repository.ts';
import { enqueueRefreshIn } from '../../../open-banking/refresh-jobs.ts';
import { errorResponses } from '../error-responses.ts';

/**
 * `PUT api/v2/provideraccounts?provideraccount_ids=1,2`: refreshes the named connections now (the
 * reference platform's refresh call). Each refresh runs as a job; the answer is 202 with the
 * connections marked `updating`, and their refresh status tells how it went.
 */
export const putProviderAccountsRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/v2/provideraccounts',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'Refreshes the named open-banking connections in the background (202).',
        querystring: refreshProviderAccountsQuerySchema,
        response: { 202: providerAccountListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const ids = request.query.provideraccount_ids;
      // All or nothing: an id that is not this client's is a 404 before anything is queued.
      for (const id of ids) await getProviderAccount(app.database.db, scope, id);
      // Marked `updating` with their jobs queued, in one transaction; answered as marked.
      const data = await markRefreshQueued(app.database.db, scope, ids, enqueueRefreshIn);
      return reply.code(202).send({ data });
    },
  );
};
