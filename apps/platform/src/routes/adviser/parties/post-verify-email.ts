import {
  apiRequestHeadersSchema,
  errorBodySchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../errors/app-error.ts';
import { requestAccountMail } from '../../../mail/account-mail-job.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';
import {
  countSignInAttempt,
  forgiveSignInAttempt,
  verificationCodeRules,
} from '../../../rate-limit/sign-in-limits.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';

const wrongCode = 'That code is wrong or has expired; check the email or ask for a new code';

/**
 * `POST api/adviser/parties/external/verify` (no credentials; spec §2 register/verify). With
 * `{email, code}` it checks the e-mailed code (15 minutes, 5 tries; a wrong code also counts
 * against the caller's IP, as a failed sign-in does); a verified account without a
 * password gets an `invitation_token` for `adminusers/reset/password`. With `{email}` alone it
 * e-mails a new code, answering the same, in the same time, whether or not the address is
 * registered (the e-mail is a job: `mail/account-mail-job.ts`).
 */
export const postVerifyEmail: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parties/external/verify',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        body: verifyEmailRequestSchema,
        response: {
          200: verifyEmailResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { tenant, environment } = requestTenancy(request);
      // Its advisers confirm their address on the identity's page, which asks for the password
      // chosen at registration: the mailbox alone does not confirm an account someone else
      // registered with its address (before 2026-12-02 this code did, on that tenant too).
      if (tenant.envConfig[environment]?.fusionAuth?.enabled)
        throw new AppError('forbidden', 'Advisers of this portal confirm their address on its sign-in page');
      const { email, code } = request.body;
      if (code === undefined) {
        await assertMailAllowed(request, { tenantId: tenant.id, email });
        // Queued whether or not the address has an account, so the answer's timing tells nothing.
        await requestAccountMail(app, { kind: 'verification-code', tenantId: tenant.id, email });
        return { data: { email, email_verified: false } };
      }
      const user = await app.adminUsers.findByEmail(tenant.id, email);
      const guesses = verificationCodeRules(app.authSettings, request.ip);
      await countSignInAttempt(app.rateLimiter, guesses, 'wrong codes');
      // The code spent, the address confirmed and the link to set a password made in one
      // transaction: before 2026-12-02 each committed alone, and a failure after the first left the
      // code spent and no link, with no new code to ask for (the address was confirmed). A wrong
      // code's attempt commits all the same: the refusal is thrown after the transaction.
      const checked = user
        ? await app.database.db.transaction().execute(async (trx) => {
            const outcome = await app.oneTimeTokens.consumeCode(
              user.id,
              code,
              app.authSettings.verificationCodeAttempts,
              trx,
            );
            if (outcome !== 'ok') return undefined;
            await app.adminUsers.markEmailVerified(user.id, trx);
            const token =
              user.password_hash === null
                ? await app.oneTimeTokens.issueLinkToken(
                    {
                      tenantId: tenant.id,
                      adminUserId: user.id,
                      purpose: 'invitation',
                      ttlSeconds: app.authSettings.resetTokenTtlSeconds,
                    },
                    trx,
                  )
                : undefined;
            return { invitationToken: token };
          })
        : undefined;
      if (!user || !checked) {
        throw new AppError('validation_failed', wrongCode, {
          fields: [{ field: 'body.code', message: wrongCode }],
        });
      }
      await forgiveSignInAttempt(app.rateLimiter, guesses);
      const { invitationToken } = checked;
      return {
        data: {
          email: user.email,
          email_verified: true,
          ...(invitationToken && { invitation_token: invitationToken }),
        },
      };
    },
  );
};
