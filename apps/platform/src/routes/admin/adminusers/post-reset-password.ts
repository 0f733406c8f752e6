import {
  apiRequestHeadersSchema,
  errorBodySchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
} from '@waratah/contracts';
import { endEverySignIn, spendPasswordLinks } from '@waratah/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../../access/record-audit.ts';
import { assertAcceptablePassword } from '../../../auth/passwords/assert-acceptable-password.ts';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import type { Database } from '../../../db/database-schema.ts';
import { AppError } from '../../../errors/app-error.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';

const spentLink = 'This link has expired or has already been used; please ask for a new one';

/**
 * `POST api/admin/adminusers/reset/password` (no credentials): sets the password with the token of
 * a reset or invitation e-mail. The token works once, and spends the account's other links;
 * following it proves the e-mail address; every earlier sign-in of the account ends. An invitation
 * works only while the account has no password, and neither kind for a suspended account.
 */
export const postResetPassword: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reset/password',
    {
      schema: {
        tags: ['admin users'],
        description:
          'Send reset_password_token or invitation_token (from the link), password and password_confirmation.',
        headers: apiRequestHeadersSchema,
        body: setPasswordRequestSchema,
        response: { 200: setPasswordResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { tenant } = requestTenancy(request);
      const body = request.body;
      assertAcceptablePassword(body.password);
      const [purpose, token, field] = body.reset_password_token
        ? (['reset_password', body.reset_password_token, 'body.reset_password_token'] as const)
        : (['invitation', body.invitation_token ?? '', 'body.invitation_token'] as const);
      const passwordHash = await hashPassword(body.password);
      const adminUserId = await app.database.db.transaction().execute(async (trx) => {
        const id = await app.oneTimeTokens.consumeLinkToken(tenant.id, purpose, token, trx);
        if (id === undefined) return undefined;
        await app.adminUsers.setPasswordHash(id, passwordHash, trx);
        // The other links of the account, reset or invitation, would set it again: spent too.
        await spendPasswordLinks<Database>(trx, id);
        await app.adminUsers.markEmailVerified(id, trx);
        // Every sign-in ends, in the same transaction: the platform's bearer tokens and, on a
        // single sign-on tenant, the identity's sessions and refresh tokens (before 2026-11-29 those
        // outlived a reset here, and the tokens were revoked only after the commit).
        await endEverySignIn<Database>(trx, id);
        await recordAudit(trx, {
          actor: { kind: 'admin_user', tenantId: tenant.id, adminUserId: id, ip: request.ip },
          action: purpose === 'invitation' ? 'admin_user.password.first' : 'admin_user.password.reset',
          targetType: 'admin_user',
          targetId: id,
        });
        return id;
      });
      if (adminUserId === undefined) {
        throw new AppError('validation_failed', spentLink, { fields: [{ field, message: spentLink }] });
      }
      const user = await app.adminUsers.findById(tenant.id, adminUserId);
      return { data: { email: user?.email ?? '' } };
    },
  );
};
