import {
  managedUserResponseSchema,
  onBehalfHeadersSchema,
  partyHeadersSchema,
  updateManagedUserBodySchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { readIdHeader } from '../../../access/read-id-header.ts';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { updateManagedUser } from '../../../clients/managed-user-repository.ts';
import { AppError } from '../../../errors/app-error.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `PUT api/admin/user`: suspend or reactivate the client named by X-User-Id (spec §7 Admin, §6).` */
export const putAdminUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/user',
    {
      schema: {
        tags: ['admin'],
        headers: z.extend(partyHeadersSchema, onBehalfHeadersSchema.shape),
        description: 'Changes the client named by X-User-Id; suspending needs X-External-Party-Id too.',
        body: updateManagedUserBodySchema,
        response: { 200: managedUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      const clientId = readIdHeader(request, 'X-User-Id');
      if (clientId === undefined)
        throw new AppError('validation_failed', 'X-User-Id is required', {
          fields: [{ field: 'headers.x-user-id', message: 'is required' }],
        });
      return { data: await updateManagedUser(request, principal, clientId, request.body) };
    },
  );
};
