import {
  apiRequestHeadersSchema,
  errorBodySchema,
  mailAcceptedResponseSchema,
  resetPasswordRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAccountMail } from '../../../mail/account-mail-job.ts';
import { portalOrigin } from '../../../mail/portal-origin.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';

const accepted =
  'If an account exists for that address, we have emailed instructions to recover its password';

/**
 * `POST api/admin/adminusers/reset` (no credentials): e-mails a link to set a new password. The
 * answer is the same, and as quick, whether or not the address has an account, so it tells nobody
 * which do: the request only queues the e-mail (`mail/account-mail-job.ts`).
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
      await requestAccountMail(app, {
        kind: 'password-reset',
        tenantId: tenant.id,
        email,
        portalOrigin: portalOrigin(request, tenant.id),
      });
      return { data: { message: accepted } };
    },
  );
};
