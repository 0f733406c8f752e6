import {
  apiRequestHeadersSchema,
  errorBodySchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantFeatures } from '../../../app-config/tenant-features.ts';
import { AppError } from '../../../errors/app-error.ts';
import { requestAccountMail } from '../../../mail/account-mail-job.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';
import {
  countSignInAttempt,
  forgiveSignInAttempt,
  verificationCodeRules,
} from '../../../rate-limit/sign-in-limits.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';
import { isRegistrationAccount } from '../../admin/adminusers/registration-account.ts';

const wrongCode = 'That code is wrong or has expired; check the email or ask for a new code';

/** An id no account has (ids start at 1): the check of an address with no registration to check. */
const noAccount = 0;

/**
 * `POST api/adviser/parties/external/verify` (no credentials; spec §2 register/verify), on a password
 * tenant with `ta_register` on, as `adminusers/register`. With `{email, code}` it checks the
 * e-mailed code (15 minutes, 5 tries; a wrong code also counts against the caller's IP, as a failed
 * sign-in does, and against the address, `wrongCodesPerAddressPerDay`); a verified account without
 * a password gets an `invitation_token` for `adminusers/reset/password`. With `{email}` alone it
 * e-mails a new code, answering the same, in the same time, whether or not the address is
 * registered (the e-mail is a job: `mail/account-mail-job.ts`).
 *
 * Only a registration's own account is sent or checked a code (`isRegistrationAccount`); any other
 * address (none, an invitation's, a confirmed one) is answered exactly as an unknown one, after
 * the same counts and the same transaction. Before 2026-12-02 a pending colleague's or operator's
 * invitation was sent a code on demand, and its code confirmed the account and handed whoever held
 * it the link to choose its password: an adviser in the inviter's practice, or an operator.
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
      // A step of the registration, which the portal offers only with `ta_register` on, and
      // `register` takes only then (before 2026-12-02 this step answered with it off).
      if (!(await tenantFeatures(request, tenant.id)).has('ta_register'))
        throw new AppError('feature_off', 'Registration is off for this portal');
      const { email, code } = request.body;
      if (code === undefined) {
        await assertMailAllowed(request, { tenantId: tenant.id, email });
        // Queued whether or not the address has an account, so the answer's timing tells nothing.
        await requestAccountMail(app, { kind: 'verification-code', tenantId: tenant.id, email });
        return { data: { email, email_verified: false } };
      }
      const found = await app.adminUsers.findByEmail(tenant.id, email);
      const user = found && isRegistrationAccount(found) ? found : undefined;
      // Counted per IP and per address whatever the address holds, so an unknown address costs the
      // same writes as a known one.
      const guesses = verificationCodeRules(app.authSettings, { tenantId: tenant.id, email, ip: request.ip });
      await countSignInAttempt(app.rateLimiter, guesses, 'wrong codes');
      // The code spent, the address confirmed and the link to set a password made in one
      // transaction: before 2026-12-02 each committed alone, and a failure after the first left the
      // code spent and no link, with no new code to ask for (the address was confirmed). A wrong
      // code's attempt commits all the same: the refusal is thrown after the transaction. An address
      // with no registration to check runs the same transaction, its lock and look-up finding no
      // row (before 2026-12-02 it was answered at once, without one: sooner than a known address).
      const checked = await app.database.db.transaction().execute(async (trx) => {
        const outcome = await app.oneTimeTokens.consumeCode(
          user?.id ?? noAccount,
          code,
          app.authSettings.verificationCodeAttempts,
          trx,
        );
        if (outcome !== 'ok' || !user) return undefined;
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
        return { user, invitationToken: token };
      });
      if (!checked) {
        throw new AppError('validation_failed', wrongCode, {
          fields: [{ field: 'body.code', message: wrongCode }],
        });
      }
      await forgiveSignInAttempt(app.rateLimiter, guesses);
      const { invitationToken } = checked;
      return {
        data: {
          email: checked.user.email,
          email_verified: true,
          ...(invitationToken && { invitation_token: invitationToken }),
        },
      };
    },
  );
};
