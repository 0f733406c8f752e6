import {
  apiRequestHeadersSchema,
  errorBodySchema,
  inviteUserBodySchema,
  managedUserResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { inviteClient } from '../../../clients/invite-client.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `POST api/adviser/user/invite/legacy` (spec §7 Adviser).` */
export const postAdviserInviteLegacyRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/adviser/user/invite/legacy',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        description:
          "Invites a client by e-mail to share data with the adviser's practice: a pending link and an e-mail.",
        body: inviteUserBodySchema,
        response: { 201: managedUserResponseSchema, 409: errorBodySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireAdminUser(request);
      return reply.code(201).send({ data: await inviteClient(request, principal, request.body) });
    },
  );
};
