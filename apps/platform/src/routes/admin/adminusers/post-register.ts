import {
  apiRequestHeadersSchema,
  errorBodySchema,
  registerAdminUserRequestSchema,
  registrationAcceptedResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../access/record-audit.ts';
import { type AdminUserRow, createAdminUser } from '../../../auth/admin-users/create-admin-user.ts';
import { assertAcceptablePassword } from '../../../auth/passwords/assert-acceptable-password.ts';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import type { Database } from '../../../db/database-schema.ts';
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
 * The answer is the same for every address, and so is the work before it: an address whose account
 * is verified is not written, and its e-mail (a note that the account exists, instead of a code) is
 * the same queued job as a code's (`mail/account-mail-job.ts`). Before 2026-11-29 it answered 409,
 * telling anyone which addresses have an account.
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
      const body = request.body;
      if (body.password !== undefined) assertAcceptablePassword(body.password);
      await assertMailAllowed(request, { tenantId: tenant.id, email: body.email });
      // Hashed whenever given (and before the transaction, which should not wait for it), so that
      // no address answers sooner than another.
      const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
      const existing = await app.adminUsers.findByEmail(tenant.id, body.email);
      if (!existing?.email_verified_at) {
        const profile = { givenName: body.given_name, familyName: body.family_name };
        await app.database.db.transaction().execute(async (trx) => {
          const registered = existing
            ? await updateRegistration(trx, existing, profile)
            : await createAdminUser(trx, {
                tenantId: tenant.id,
                email: body.email,
                ...(passwordHash !== undefined && { passwordHash }),
                ...profile,
                kind: 'adviser',
                emailVerified: false,
                termsAcceptedAt: new Date(),
              });
          await recordAudit(trx, {
            actor: { kind: 'admin_user', tenantId: tenant.id, adminUserId: registered.id, ip: request.ip },
            action: 'admin_user.register',
            targetType: 'admin_user',
            targetId: registered.id,
          });
        });
      }
      await requestAccountMail(app, {
        kind: 'registration',
        tenantId: tenant.id,
        email: body.email,
        portalOrigin: portalOrigin(request, tenant.id),
      });
      reply.code(202);
      return { data: { email: body.email, email_verified: false as const } };
    },
  );
};

/**
 * Registering again before the address is verified: the names as now given, and no password. Who
 * sent this is unknown: keeping a password set earlier would let whoever registered first (not
 * necessarily the address's owner) sign in once the owner verifies it, and taking the new one would
 * let anyone replace the owner's. The verify step gives whoever proves the address a link to
 * choose one.
 */
async function updateRegistration(
  db: Kysely<Database>,
  user: AdminUserRow,
  profile: { givenName: string; familyName: string },
): Promise<AdminUserRow> {
  return db
    .updateTable('admin_users')
    .set({
      given_name: profile.givenName,
      family_name: profile.familyName,
      terms_accepted_at: new Date(),
      updated_at: new Date(),
      password_hash: null,
    })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
