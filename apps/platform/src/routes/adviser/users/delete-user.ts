import { idParamsSchema, partyHeadersSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { unlinkManagedUser } from '../../../clients/managed-user-repository.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `DELETE api/adviser/users/{id}` (spec §7 Adviser).` */
export const deleteAdviserUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/adviser/users/:id',
    {
      schema: {
        tags: ['adviser'],
        headers: partyHeadersSchema,
        description: "Unlinks a client from the adviser's practice (needs X-External-Party-Id).",
        params: idParamsSchema,
        response: { 204: z.null().describe('Unlinked'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireAdminUser(request);
      await unlinkManagedUser(request, principal, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
