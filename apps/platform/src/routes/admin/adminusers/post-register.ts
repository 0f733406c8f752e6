import {
  apiRequestHeadersSchema,
  errorBodySchema,
  registerAdminUserRequestSchema,
  registrationAcceptedResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantFeatures } from '../../../app-config/tenant-features.ts';
import { assertAcceptablePassword } from '../../../auth/passwords/assert-acceptable-password.ts';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import { AppError } from '../../../errors/app-error.ts';
import { requestAccountMail } from '../../../mail/account-mail-job.ts';
import { portalOrigin } from '../../../mail/portal-origin.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';

/**
 * `POST api/admin/adminusers/register` (no credentials): the profile step of registration (spec §2).
 * Creates the adviser with an unverified e-mail address and e-mails a 6-digit code for the verify
 * step. Registering again before verifying updates the names and sends a new code, but sets no
 * password and clears the one stored: anyone may send this request for any address, so the
 * password is chosen by whoever proves the address (the verify step then hands out the link to
 * choose it). Tenants with single sign-on register advisers on their identity's page, not here.
 *
 * The answer is the same for every address, and so is the work before it: the request checks the
 * input and the e-mail limits, hashes a password if one is given, and queues one job, which does the
 * rest (`complete-registration.ts`): an address whose account is verified is left as it is and its
 * owner e-mailed a note that it exists instead of a code. Before 2026-11-29 it answered 409, telling
 * anyone which addresses have an account, and did the registration's writes itself.
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
          202: registrationAcceptedResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { tenant, environment } = requestTenancy(request);
      // Its advisers register on the identity's page; this anonymous request must not reach them
      // (before 2026-11-29 it could set an unverified SSO adviser's password, and sign in as them).
      if (tenant.envConfig[environment]?.fusionAuth?.enabled)
        throw new AppError('forbidden', 'Advisers of this portal register on its sign-in page');
      // The portal offers registration only with `ta_register` on; neither does the platform.
      if (!(await tenantFeatures(request, tenant.id)).has('ta_register'))
        throw new AppError('feature_off', 'Registration is off for this portal');
      const body = request.body;
      if (body.password !== undefined) assertAcceptablePassword(body.password);
      await assertMailAllowed(request, { tenantId: tenant.id, email: body.email });
      // Hashed whenever given, and nothing else done here: the job does the same work for every
      // address, so no answer comes sooner than another (mail/account-mail-job.ts).
      const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
      await requestAccountMail(app, {
        kind: 'registration',
        tenantId: tenant.id,
        email: body.email,
        givenName: body.given_name,
        familyName: body.family_name,
        ...(passwordHash !== undefined && { passwordHash }),
        portalOrigin: portalOrigin(request, tenant.id),
        ip: request.ip,
      });
      reply.code(202);
      return { data: { email: body.email, email_verified: false as const } };
    },
  );
};
