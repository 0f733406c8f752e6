import { apiRequestHeadersSchema, idParamsSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { getImageContent } from '../../../images/images-repository.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `GET api/adviser/images/{id}/content`: the bytes, for the image picker's fetch by URL (spec §7 Others). */
export const getAdviserImageContentRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/adviser/images/:id/content',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        params: idParamsSchema,
        description: 'The image file itself.',
        response: {
          200: z.unknown().describe('The image bytes, with their content type'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = requireAdminUser(request);
      const image = await getImageContent(app.database.db, principal, request.params.id);
      return reply.type(image.content_type).send(Buffer.from(image.content));
    },
  );
};
