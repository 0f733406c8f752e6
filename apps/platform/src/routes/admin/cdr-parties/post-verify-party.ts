import {
  apiRequestHeadersSchema,
  errorBodySchema,
  partyDetailsResponseSchema,
  verifyPartyRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../../auth/require-admin-user.ts';
import { createPartyRepository } from '../../adviser/parties/party-repository.ts';
import { toPartyDetails } from '../../adviser/parties/to-party-details.ts';

/** `POST api/admin/cdr/parties/external/verify`: the operator's decision on a practice in review (409 for one no longer in review). */
export const postVerifyParty: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parties/external/verify',
    {
      schema: {
        tags: ['admin'],
        description: '{id, status: enabled | disabled}',
        headers: apiRequestHeadersSchema,
        body: verifyPartyRequestSchema,
        response: {
          200: partyDetailsResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id, status } = request.body;
      const party = await createPartyRepository(app.database.db).setStatus(operator, id, status, {
        inReview: true,
      });
      return { data: toPartyDetails(party) };
    },
  );
};
