import {
  onBehalfHeadersSchema,
  updateUserDetailsBodySchema,
  userDetailsResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { updateUserDetails } from '../../../users/user-details-repository.ts';
import { errorResponses } from '../error-responses.ts';
import { userPrefixes } from './user-prefixes.ts';

/** `PUT {p}/user/details` (spec §7 User). */
export const putUserDetailsRoute: FastifyPluginAsyncZod = async (app) => {
  for (const prefix of userPrefixes) {
    app.put(
      `${prefix}/user/details`,
      {
        preParsing: refuseAnonymousBody,
        schema: {
          tags: ['user'],
          description: "Changes the client's name or mobile number.",
          headers: onBehalfHeadersSchema,
          body: updateUserDetailsBodySchema,
          response: { 200: userDetailsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const scope = await resolveClientScope(request);
        return { data: await updateUserDetails(app.database.db, scope, request.body) };
      },
    );
  }
};
