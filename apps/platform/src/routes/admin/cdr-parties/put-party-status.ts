import {
  apiRequestHeadersSchema,
  errorBodySchema,
  partyDetailsResponseSchema,
  partyIdParamsSchema,
  updatePartyStatusRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../../auth/require-admin-user.ts';
import { createPartyRepository } from '../../adviser/parties/party-repository.ts';
import { toPartyDetails } from '../../adviser/parties/to-party-details.ts';

/** `PUT api/admin/cdr/parties/external/{id}`: an operator enables or disables a practice, or sets it back to unverified. */
export const putPartyStatus: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/parties/external/:id',
    {
      schema: {
        tags: ['admin'],
        headers: apiRequestHeadersSchema,
        params: partyIdParamsSchema,
        body: updatePartyStatusRequestSchema,
        response: {
          200: partyDetailsResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const party = await createPartyRepository(app.database.db).setStatus(
        operator,
        request.params.id,
        request.body.status,
      );
      return { data: toPartyDetails(party) };
    },
  );
};
