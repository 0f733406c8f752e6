import { apiRequestHeadersSchema, imageListResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../access/require-principal.ts';
import { listImages } from '../../../images/images-repository.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/images` (spec §7 Images).` */
export const getImagesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/images',
    {
      schema: {
        tags: ['images'],
        headers: apiRequestHeadersSchema,
        description: "The caller's images (an adviser's own and its practice's).",
        response: { 200: imageListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { data: await listImages(app.database.db, principal, '/api/adviser/images') };
    },
  );
};
