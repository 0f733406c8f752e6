import { apiRequestHeadersSchema, errorBodySchema, partyDetailsResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOwnParty } from './require-own-party.ts';
import { toPartyDetails } from './to-party-details.ts';

/** `GET api/adviser/parties/external/details`: the adviser's practice, its status and credentials. */
export const getPartyDetails: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/parties/external/details',
    {
      schema: {
        tags: ['adviser'],
        description: '404 until the adviser has registered a business.',
        headers: apiRequestHeadersSchema,
        response: { 200: partyDetailsResponseSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: toPartyDetails(await requireOwnParty(request)) }),
  );
};
