import {
  apiRequestHeadersSchema,
  createdAdminUserResponseSchema,
  errorBodySchema,
  registerAdminUserRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAdminUser } from '../../../auth/admin-users/create-admin-user.ts';
import { assertAcceptablePassword } from '../../../auth/passwords/assert-acceptable-password.ts';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import { AppError } from '../../../errors/app-error.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';
import { sendVerificationCode } from './send-verification-code.ts';

/**
 * `POST api/admin/adminusers/register` (no credentials): the profile step of registration (spec §2).
 * Creates the adviser with an unverified e-mail address and e-mails a 6-digit code for the verify
 * step. Registering again before verifying updates the profile and sends a new code.
 */
export const postRegister: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['admin users'],
        description:
          'email, given_name, family_name, terms_accepted: true, and optionally password + password_confirmation.',
        headers: apiRequestHeadersSchema,
        body: registerAdminUserRequestSchema,
        response: {
          201: createdAdminUserResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { tenant } = requestTenancy(request);
      const body = request.body;
      if (body.password !== undefined) assertAcceptablePassword(body.password);
      await assertMailAllowed(request, { tenantId: tenant.id, email: body.email });
      const existing = await app.adminUsers.findByEmail(tenant.id, body.email);
      if (existing?.email_verified_at) {
        throw new AppError('already_exists', 'That email address is already registered; please sign in');
      }
      const profile = { givenName: body.given_name, familyName: body.family_name };
      let user = existing;
      if (user) {
        await app.database.db
          .updateTable('admin_users')
          .set({
            given_name: profile.givenName,
            family_name: profile.familyName,
            terms_accepted_at: new Date(),
            updated_at: new Date(),
            ...(body.password !== undefined && { password_hash: await hashPassword(body.password) }),
          })
          .where('id', '=', user.id)
          .execute();
      } else {
        user = await createAdminUser(app.database.db, {
          tenantId: tenant.id,
          email: body.email,
          ...(body.password !== undefined && { password: body.password }),
          ...profile,
          kind: 'adviser',
          emailVerified: false,
          termsAcceptedAt: new Date(),
        });
      }
      await sendVerificationCode(request, {
        tenant,
        adminUserId: user.id,
        email: user.email,
        givenName: profile.givenName,
      });
      reply.code(201);
      return { data: { id: user.id, email: user.email, email_verified: false } };
    },
  );
};
