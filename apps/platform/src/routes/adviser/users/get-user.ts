import { apiRequestHeadersSchema, idParamsSchema, managedUserResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { getManagedUser } from '../../../clients/managed-user-repository.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `GET api/adviser/users/{id}` (spec §7 Adviser).` */
export const getAdviserUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/adviser/users/:id',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        description: 'One client of the caller.',
        params: idParamsSchema,
        response: { 200: managedUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      return { data: await getManagedUser(app.database.db, principal, request.params.id) };
    },
  );
};
