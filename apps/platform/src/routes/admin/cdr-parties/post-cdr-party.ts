import {
  apiRequestHeadersSchema,
  createPartyRequestSchema,
  errorBodySchema,
  partyDetailsResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../../auth/require-admin-user.ts';
import { createPartyRepository } from '../../adviser/parties/party-repository.ts';
import { toPartyDetails } from '../../adviser/parties/to-party-details.ts';

/** `POST api/admin/cdr/parties/external`: an operator adds a practice; it starts enabled, having been checked by them. */
export const postCdrParty: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parties/external',
    {
      schema: {
        tags: ['admin'],
        headers: apiRequestHeadersSchema,
        body: createPartyRequestSchema,
        response: {
          201: partyDetailsResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const operator = requireOperator(request);
      const party = await createPartyRepository(app.database.db).create(operator, {
        tenantId: operator.tenantId,
        party: request.body,
        status: 'enabled',
      });
      reply.code(201);
      return { data: toPartyDetails(party) };
    },
  );
};
