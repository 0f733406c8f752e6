import { apiRequestHeadersSchema, imageListResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { listImages } from '../../../images/images-repository.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `GET api/adviser/images` (spec §7 Adviser). */
export const getAdviserImagesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/adviser/images',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        description: "The adviser's images and its practice's (logos).",
        response: { 200: imageListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      return { data: await listImages(app.database.db, principal, '/api/adviser/images') };
    },
  );
};
