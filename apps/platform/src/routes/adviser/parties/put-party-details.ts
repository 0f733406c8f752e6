import {
  apiRequestHeadersSchema,
  errorBodySchema,
  partyDetailsResponseSchema,
  updatePartyDetailsRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { createPartyRepository } from './party-repository.ts';
import { requireOwnParty } from './require-own-party.ts';
import { toPartyDetails } from './to-party-details.ts';

/** `PUT api/adviser/parties/external/details`: company fields, profession and credentials (spec §2 register/credentials). */
export const putPartyDetails: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/parties/external/details',
    {
      schema: {
        tags: ['adviser'],
        description: 'Only the fields sent change; credentials are merged into those already held.',
        headers: apiRequestHeadersSchema,
        body: updatePartyDetailsRequestSchema,
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
      const party = await requireOwnParty(request);
      const updated = await createPartyRepository(app.database.db).update(
        requireAdminUser(request),
        party,
        request.body,
      );
      return { data: toPartyDetails(updated) };
    },
  );
};
