import {
  apiRequestHeadersSchema,
  listManagedUsersQuerySchema,
  managedUserListResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { auditedClientList } from '../../../clients/list-managed-users.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `GET api/admin/users` (spec §7 Admin).` */
export const getAdminUsersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        headers: apiRequestHeadersSchema,
        description:
          "The caller's clients (an operator: every client of the tenant) with consent, last refresh and connections needing action; search, sort and page.",
        querystring: listManagedUsersQuerySchema,
        response: { 200: managedUserListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      return auditedClientList(app.database.db, principal, request.query);
    },
  );
};
