import { onBehalfHeadersSchema, providerAccountListResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { listProviderAccounts } from '../../../aggregation/provider-accounts-repository.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/provideraccounts` (spec §7 Aggregation).` */
export const getProviderAccountsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/provideraccounts',
    {
      config: confirmsCaller,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: "The client's provider connections and their refresh status.",
        response: { 200: providerAccountListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await listProviderAccounts(app.database.db, scope) };
    },
  );
};
