import { apiRequestHeadersSchema, idParamsSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { deleteImage } from '../../../images/images-repository.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `DELETE api/adviser/images/{id}` (spec §7 Adviser). */
export const deleteAdviserImageRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/adviser/images/:id',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        params: idParamsSchema,
        description: 'Deletes one of the adviser’s images.',
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireAdminUser(request);
      await deleteImage(app.database.db, principal, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
