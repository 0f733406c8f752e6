import { onBehalfHeadersSchema, userDetailsResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { getUserDetails } from '../../../users/user-details-repository.ts';
import { errorResponses } from '../error-responses.ts';
import { userPrefixes } from './user-prefixes.ts';

/** `GET {p}/user/details` (spec §7 User). */
export const getUserDetailsRoute: FastifyPluginAsyncZod = async (app) => {
  for (const prefix of userPrefixes) {
    app.get(
      `${prefix}/user/details`,
      {
        config: confirmsCaller,
        schema: {
          tags: ['user'],
          description: "The client's profile.",
          headers: onBehalfHeadersSchema,
          response: { 200: userDetailsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const scope = await resolveClientScope(request);
        return { data: await getUserDetails(app.database.db, scope) };
      },
    );
  }
};
