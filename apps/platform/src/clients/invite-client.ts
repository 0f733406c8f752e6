import type { InviteUserBody, ManagedUser } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { recordAudit } from '../access/record-audit.ts';
import { assertAdviserFeature } from '../app-config/tenant-features.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { AppError } from '../errors/app-error.ts';
import { assertMailAllowed } from '../rate-limit/mail-limits.ts';
import { queueClientInvitationMail } from './client-invitation-mail.ts';
import { enabledPractice } from './enabled-practice.ts';
import { iso } from './managed-user-to-wire.ts';

/**
 * Invites a client by e-mail to share data with the adviser's party: the client (new, or the
 * tenant's existing one with that address) gets a pending link and, queued with it, an e-mail
 * (`queueClientInvitationMail`). A client already
 * linked to the party is a conflict (409). Invitations are e-mails, limited as every e-mail a
 * request may send (`rate-limit/mail-limits.ts`). The answer is the invitation as the adviser sent
 * it: an existing client's row may be another practice's client, whose stored names, status and
 * data the inviting practice has no consent to see.
 */
export async function inviteClient(
  request: FastifyRequest,
  principal: AdminUserPrincipal,
  body: InviteUserBody,
): Promise<ManagedUser> {
  const db = request.server.database.db;
  const party = await enabledPractice(
    db,
    principal,
    'Only an adviser of an enabled practice can invite clients',
  );
  const partyId = party.id;
  await assertAdviserFeature(request, 'invite_clients', 'Inviting a client');
  // Counted before anything is written, per invited address and per inviting adviser.
  await assertMailAllowed(
    request,
    { tenantId: principal.tenantId, email: body.email },
    { adminUserId: principal.adminUserId },
  );

  const invitation = await db.transaction().execute(async (trx) => {
    const existingClient = () =>
      trx
        .selectFrom('clients')
        .select('id')
        .where('tenant_id', '=', principal.tenantId)
        .where(sql`lower(email)`, '=', body.email.toLowerCase())
        .executeTakeFirst();
    // A new address: inserted unless another invitation of it (another practice's, at the same
    // time) inserted it first, which the insert waits for and then finds. Before 2026-11-29 the
    // second of two such invitations failed the address's unique index, a 500.
    const client =
      (await existingClient()) ??
      (await trx
        .insertInto('clients')
        .values({
          tenant_id: principal.tenantId,
          email: body.email,
          given_name: body.given_name,
          family_name: body.family_name,
          status: 'invited',
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst()) ??
      (await existingClient());
    if (!client) throw new Error(`The client ${body.email} was neither found nor inserted`);
    const link = await trx
      .insertInto('client_links')
      .values({
        tenant_id: principal.tenantId,
        client_id: client.id,
        external_party_id: partyId,
        invited_by_admin_user_id: principal.adminUserId,
        invited_given_name: body.given_name,
        invited_family_name: body.family_name,
      })
      .onConflict((conflict) => conflict.columns(['client_id', 'external_party_id']).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (!link) throw new AppError('already_exists', `${body.email} is already one of your clients`);
    await recordAudit(trx, {
      actor: principal,
      action: 'client.invite',
      targetType: 'client',
      targetId: client.id,
      clientId: client.id,
      ip: request.ip,
    });
    const adviser = await trx
      .selectFrom('admin_users')
      .select(['given_name', 'family_name'])
      .where('id', '=', principal.adminUserId)
      .executeTakeFirstOrThrow();
    await queueClientInvitationMail(trx, {
      tenantId: principal.tenantId,
      clientId: client.id,
      partyId,
      email: body.email,
      givenName: body.given_name,
      adviserName: `${adviser.given_name} ${adviser.family_name}`.trim(),
      partyName: party.name,
    });
    return { clientId: client.id, invitedAt: link.created_at };
  });

  return {
    id: invitation.clientId,
    email: body.email,
    given_name: body.given_name,
    family_name: body.family_name,
    status: 'invited',
    consent: { status: 'pending', start: null, expiry: null },
    last_refreshed: null,
    needs_action_count: 0,
    created_at: iso(invitation.invitedAt) as string,
  };
}
