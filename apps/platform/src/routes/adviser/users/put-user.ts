import {
  idParamsSchema,
  managedUserResponseSchema,
  partyHeadersSchema,
  updateManagedUserBodySchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { updateManagedUser } from '../../../clients/managed-user-repository.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `PUT api/adviser/users/{id}` (spec §7 Adviser).` */
export const putAdviserUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/adviser/users/:id',
    {
      schema: {
        tags: ['adviser'],
        headers: partyHeadersSchema,
        description:
          'Renames a client, or suspends or reactivates it (a status change needs X-External-Party-Id).',
        params: idParamsSchema,
        body: updateManagedUserBodySchema,
        response: { 200: managedUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      return { data: await updateManagedUser(request, principal, request.params.id, request.body) };
    },
  );
};
