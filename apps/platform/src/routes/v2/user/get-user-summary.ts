import { onBehalfHeadersSchema, userSummaryResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { getUserSummary } from '../../../users/user-details-repository.ts';
import { errorResponses } from '../error-responses.ts';
import { userPrefixes } from './user-prefixes.ts';

/** `GET {p}/user/summary` (spec §7 User). */
export const getUserSummaryRoute: FastifyPluginAsyncZod = async (app) => {
  for (const prefix of userPrefixes) {
    app.get(
      `${prefix}/user/summary`,
      {
        config: confirmsCaller,
        schema: {
          tags: ['user'],
          description:
            "Counts of the client's connections, accounts and transactions, and when data was last refreshed.",
          headers: onBehalfHeadersSchema,
          response: { 200: userSummaryResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const scope = await resolveClientScope(request);
        return { data: await getUserSummary(app.database.db, scope) };
      },
    );
  }
};
