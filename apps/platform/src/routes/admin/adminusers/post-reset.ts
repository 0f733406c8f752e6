import {
  apiRequestHeadersSchema,
  errorBodySchema,
  mailAcceptedResponseSchema,
  resetPasswordRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetPasswordMail } from '../../../mail/messages/reset-password-mail.ts';
import { portalOrigin } from '../../../mail/portal-origin.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';

const accepted =
  'If an account exists for that address, we have emailed instructions to recover its password';

/**
 * `POST api/admin/adminusers/reset` (no credentials): e-mails a link to set a new password. The
 * answer is the same whether or not the address has an account, so it tells nobody which do.
 */
export const postReset: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reset',
    {
      schema: {
        tags: ['admin users'],
        description: `E-mails {portal}/set-password?reset_password_token=… (valid for 1 hour, once). Always answers: "${accepted}".`,
        headers: apiRequestHeadersSchema,
        body: resetPasswordRequestSchema,
        response: { 200: mailAcceptedResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { tenant } = requestTenancy(request);
      const { email } = request.body;
      await assertMailAllowed(request, { tenantId: tenant.id, email });
      const user = await app.adminUsers.findByEmail(tenant.id, email);
      if (user?.status === 'active') {
        const token = await app.oneTimeTokens.issueLinkToken({
          tenantId: tenant.id,
          adminUserId: user.id,
          purpose: 'reset_password',
          ttlSeconds: app.authSettings.resetTokenTtlSeconds,
        });
        const url = `${portalOrigin(request, tenant.id)}/set-password?reset_password_token=${token}`;
        const mail = resetPasswordMail({ tenant, givenName: user.given_name, url });
        await app.mailer.send({ tenantId: tenant.id, to: user.email, ...mail });
      }
      return { data: { message: accepted } };
    },
  );
};
