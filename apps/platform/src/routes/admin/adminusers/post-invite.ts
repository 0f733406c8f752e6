import {
  apiRequestHeadersSchema,
  createdAdminUserResponseSchema,
  errorBodySchema,
  inviteAdminUserRequestSchema,
} from '@waratah/contracts';
import { getTenant } from '@waratah/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../../access/record-audit.ts';
import { createAdminUser } from '../../../auth/admin-users/create-admin-user.ts';
import { requireAdminUser } from '../../../auth/require-admin-user.ts';
import { AppError } from '../../../errors/app-error.ts';
import { invitationMail } from '../../../mail/messages/invitation-mail.ts';
import { portalOrigin } from '../../../mail/portal-origin.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';

/**
 * `POST api/admin/adminusers/invite`: an adviser invites a colleague into their practice, an
 * operator another operator. The invitee sets a password through the e-mailed link (7 days, once).
 * Inviting someone who has not accepted yet sends a fresh link.
 */
export const postInvite: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invite',
    {
      schema: {
        tags: ['admin users'],
        description: 'E-mails {portal}/set-password?invitation_token=…',
        headers: apiRequestHeadersSchema,
        body: inviteAdminUserRequestSchema,
        response: {
          201: createdAdminUserResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const inviter = requireAdminUser(request);
      if (inviter.role === 'adviser' && inviter.externalPartyId === null) {
        throw new AppError('forbidden', 'Register your business before inviting colleagues');
      }
      const tenant = getTenant(inviter.tenantId);
      const { email, given_name, family_name } = request.body;
      await assertMailAllowed(request, { tenantId: tenant.id, email });
      const existing = await app.adminUsers.findByEmail(tenant.id, email);
      if (existing && (existing.password_hash !== null || existing.email_verified_at !== null)) {
        throw new AppError('already_exists', 'That email address already has an account');
      }
      const invitee = await app.database.db.transaction().execute(async (trx) => {
        const user =
          existing ??
          (await createAdminUser(trx, {
            tenantId: tenant.id,
            email,
            givenName: given_name,
            familyName: family_name,
            kind: inviter.role,
            externalPartyId: inviter.externalPartyId,
            emailVerified: false,
          }));
        await recordAudit(trx, {
          actor: inviter,
          action: 'admin_user.invite',
          targetType: 'admin_user',
          targetId: user.id,
        });
        return user;
      });
      const token = await app.oneTimeTokens.issueLinkToken({
        tenantId: tenant.id,
        adminUserId: invitee.id,
        purpose: 'invitation',
        ttlSeconds: app.authSettings.invitationTokenTtlSeconds,
      });
      const [inviterRow, party] = await Promise.all([
        app.adminUsers.findById(tenant.id, inviter.adminUserId),
        inviter.externalPartyId === null
          ? undefined
          : app.database.db
              .selectFrom('external_parties')
              .select('name')
              .where('id', '=', inviter.externalPartyId)
              .executeTakeFirst(),
      ]);
      const url = `${portalOrigin(request, tenant.id)}/set-password?invitation_token=${token}`;
      const inviterName = inviterRow
        ? `${inviterRow.given_name} ${inviterRow.family_name}`.trim()
        : tenant.name;
      const mail = invitationMail({
        tenant,
        givenName: invitee.given_name,
        inviterName,
        partyName: party?.name,
        url,
      });
      await app.mailer.send({ tenantId: tenant.id, to: invitee.email, ...mail });
      reply.code(201);
      return { data: { id: invitee.id, email: invitee.email, email_verified: false } };
    },
  );
};
