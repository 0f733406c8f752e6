import { apiRequestHeadersSchema, errorBodySchema, partyListResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../../auth/require-admin-user.ts';
import { createPartyRepository } from '../../adviser/parties/party-repository.ts';
import { toPartyDetails } from '../../adviser/parties/to-party-details.ts';

/** `GET api/admin/cdr/parties/external/verify`: the practices of the operator's tenant awaiting review. */
export const getPartiesToVerify: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/parties/external/verify',
    {
      schema: {
        tags: ['admin'],
        headers: apiRequestHeadersSchema,
        response: { 200: partyListResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const rows = await createPartyRepository(app.database.db).listByStatus(operator.tenantId, 'unverified');
      return { data: rows.map(toPartyDetails) };
    },
  );
};
