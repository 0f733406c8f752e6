import {
  type AdminPermissionArea,
  apiRequestHeadersSchema,
  errorBodySchema,
  invitationAcceptedResponseSchema,
  inviteAdminUserRequestSchema,
} from '@waratah/contracts';
import { getTenant } from '@waratah/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../access/record-audit.ts';
import { grantingArea, operatorAreas } from '../../../auth/operator-areas.ts';
import type { AdminUserPrincipal } from '../../../auth/principal.ts';
import { requireAdminUser } from '../../../auth/require-admin-user.ts';
import { enabledPractice } from '../../../clients/enabled-practice.ts';
import type { Database } from '../../../db/database-schema.ts';
import { AppError } from '../../../errors/app-error.ts';
import { requestAccountMail } from '../../../mail/account-mail-job.ts';
import { portalOrigin } from '../../../mail/portal-origin.ts';
import { assertMailAllowed } from '../../../rate-limit/mail-limits.ts';

/**
 * `POST api/admin/adminusers/invite`: an adviser invites a colleague into their practice, an
 * operator another operator or, naming `external_party_id` (an enabled practice of its tenant), an
 * adviser of that practice: how a practice the operator added gets its first adviser (before
 * 2026-12-03 it never could: an operator's invitee was always an operator). An adviser may name
 * only its own practice (another: 404). The invitee sets a password through the e-mailed link (7
 * days, once). Inviting again someone who has not accepted this practice's invitation sends a
 * fresh link.
 *
 * The answer (202) is the same for every address, and so is the work before it: the request checks
 * the inviter and the e-mail limits and queues one job, which does the rest
 * (`complete-invitation.ts`): an address that already has an account (another practice's, or its
 * own registration) is left as it is and its owner e-mailed who invited them. Before 2026-11-29 it
 * answered 201 with the invitee's id or 409, telling an adviser which addresses have an account in
 * other practices, and reused another practice's unaccepted invitation.
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
          202: invitationAcceptedResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const inviter = requireAdminUser(request);
      if (inviter.role === 'adviser' && inviter.externalPartyId === null) {
        throw new AppError('forbidden', 'Register your business before inviting colleagues');
      }
      const { email, given_name, family_name, external_party_id, permissions } = request.body;
      const invitee = await inviteeOfRequest(app.database.db, inviter, external_party_id);
      if (permissions !== undefined) await assertMayGrant(app.database.db, inviter, invitee, permissions);
      const tenant = getTenant(inviter.tenantId);
      await assertMailAllowed(request, { tenantId: tenant.id, email });
      await app.database.db.transaction().execute(async (trx) => {
        // The same row for every address, written with the job: the inviter's audit log must not
        // tell which addresses have an account (before 2026-11-30 the job wrote a row naming the
        // account only for an address without one, the 409 of before 2026-11-29 by another way).
        await recordAudit(trx, {
          actor: inviter,
          action: 'admin_user.invite',
          targetType: 'email',
          targetId: email,
        });
        await requestAccountMail(
          app,
          {
            kind: 'invitation',
            tenantId: tenant.id,
            email,
            givenName: given_name,
            familyName: family_name,
            inviterAdminUserId: inviter.adminUserId,
            role: inviter.role,
            externalPartyId: inviter.externalPartyId,
            inviteeKind: invitee.kind,
            inviteePartyId: invitee.partyId,
            // Always named (none: []): a job without the field was queued before areas were checked.
            inviteePermissions: permissions ?? [],
            portalOrigin: portalOrigin(request, tenant.id),
            ip: request.ip,
          },
          trx,
        );
      });
      reply.code(202);
      return { data: { email, email_verified: false as const } };
    },
  );
};

/**
 * The areas an invitation grants: only an operator's invitee (an operator) holds any, and only an
 * operator holding `roles_and_permissions` and each area it grants may grant them (403; 400 for an
 * adviser's invitee). Checked before anything is counted or queued; the job grants them only as
 * far as the inviter still holds them when it runs.
 */
async function assertMayGrant(
  db: Kysely<Database>,
  inviter: AdminUserPrincipal,
  invitee: { kind: 'adviser' | 'operator' },
  permissions: readonly AdminPermissionArea[],
): Promise<void> {
  if (invitee.kind !== 'operator') {
    const message = 'Only an invitation of an operator names permission areas';
    throw new AppError('validation_failed', message, { fields: [{ field: 'body.permissions', message }] });
  }
  if (permissions.length === 0) return;
  const held = await operatorAreas(db, inviter.adminUserId);
  const missing = [grantingArea, ...permissions].filter((area) => !held.includes(area));
  if (missing.length > 0)
    throw new AppError(
      'forbidden',
      `You may grant only areas you hold yourself, and ${grantingArea} with them; you do not hold ${missing.join(', ')}`,
    );
}

/** The one answer to a practice an invitation may not name: unknown, another tenant's, not enabled, or not the adviser's own. */
const noSuchPractice = 'There is no enabled practice of that id to invite into';

/**
 * Whom the invitation makes, checked before anything is counted or queued: an adviser's colleague
 * (its own practice, which must be enabled: the invitation names it, and only an enabled one's name
 * was checked by an operator; before 2026-11-30 a practice in review or disabled could e-mail
 * anyone an invitation under a name nobody had checked), an operator's fellow operator (of no
 * practice: never the operator's own, which before 2026-12-02 some had), or an adviser of the
 * enabled practice of the operator's tenant it names. 404 for any other practice named.
 */
async function inviteeOfRequest(
  db: Kysely<Database>,
  inviter: AdminUserPrincipal,
  partyId: number | undefined,
): Promise<{ kind: 'adviser' | 'operator'; partyId: number | null }> {
  if (inviter.role === 'adviser') {
    const own = await enabledPractice(
      db,
      inviter,
      'Only an adviser of an enabled practice can invite colleagues',
    );
    if (partyId !== undefined && partyId !== own.id) throw new AppError('not_found', noSuchPractice);
    return { kind: 'adviser', partyId: own.id };
  }
  if (partyId === undefined) return { kind: 'operator', partyId: null };
  const practice = await db
    .selectFrom('external_parties')
    .select('status')
    .where('id', '=', partyId)
    .where('tenant_id', '=', inviter.tenantId)
    .executeTakeFirst();
  if (practice?.status !== 'enabled') throw new AppError('not_found', noSuchPractice);
  return { kind: 'adviser', partyId };
}
