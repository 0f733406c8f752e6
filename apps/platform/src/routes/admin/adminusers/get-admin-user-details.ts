import { adminUserDetailsResponseSchema, apiRequestHeadersSchema, errorBodySchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../auth/require-admin-user.ts';
import { AppError } from '../../../errors/app-error.ts';

/** `GET api/admin/adminusers/details`: the signed-in admin user and their practice (spec §3, §4 guard). */
export const getAdminUserDetails: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/details',
    {
      schema: {
        tags: ['admin users'],
        description:
          'The signed-in admin user: names, e-mail and the external party (null before registering one).',
        headers: apiRequestHeadersSchema,
        response: { 200: adminUserDetailsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      const user = await app.adminUsers.findById(principal.tenantId, principal.adminUserId);
      if (!user) throw new AppError('unauthorised', 'Please sign in to continue');
      const party = user.external_party_id
        ? await app.database.db
            .selectFrom('external_parties')
            .select(['id', 'name', 'status', 'type'])
            .where('id', '=', user.external_party_id)
            .where('tenant_id', '=', principal.tenantId)
            .executeTakeFirst()
        : undefined;
      return {
        data: {
          id: user.id,
          email: user.email,
          given_name: user.given_name,
          family_name: user.family_name,
          kind: user.kind,
          email_verified: user.email_verified_at !== null,
          roles: user.roles,
          permissions: user.permissions,
          external_party: party ?? null,
        },
      };
    },
  );
};
