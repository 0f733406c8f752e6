import type { InviteUserBody, ManagedUser } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../access/record-audit.ts';
import { assertAdviserFeature } from '../app-config/tenant-features.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { assertMailAllowed } from '../rate-limit/mail-limits.ts';
import { queueClientInvitationMail } from './client-invitation-mail.ts';
import { enabledPractice } from './enabled-practice.ts';
import { iso } from './managed-user-to-wire.ts';

/**
 * Invites a client by e-mail to share data with the adviser's party: the client (new, or the
 * tenant's existing one with that address, `takeUnclaimedClient` when it is nobody else's) gets a
 * pending link and, queued with it, an e-mail (`queueClientInvitationMail`). A client already
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
    const existing = await existingClient();
    const client =
      existing ??
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
    if (existing)
      await takeUnclaimedClient(trx, { clientId: client.id, partyId, body, invitedAt: link.created_at });
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
      linkId: link.id,
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

/**
 * Gives an invitation the tenant's row of its address when the row is nobody else's: a client who
 * never signed up (no password: `foreign-invitation.ts`) and whom no other practice has invited. It
 * was an invitation unlinked since (by another practice, or this one), so it takes what this one
 * typed, `invited` (unless the operator suspended it) and this invitation's date: an invitation of
 * a client who is someone else's is shown as sent anyway, and a client who signed up keeps their
 * own names. Before 2026-12-02 the row kept the names, the suspension and the date of the unlinked
 * invitation, and the next practice to invite the address saw them in its list.
 */
async function takeUnclaimedClient(
  trx: Kysely<Database>,
  invitation: { clientId: number; partyId: number; body: InviteUserBody; invitedAt: Date },
): Promise<void> {
  await trx
    .updateTable('clients')
    .set({
      email: invitation.body.email,
      given_name: invitation.body.given_name,
      family_name: invitation.body.family_name,
      // A practice's suspension of the unlinked invitation goes with it (no practice is left to
      // lift it, and it would tell this one the address was someone's invitee); the operator's,
      // or one made before it was recorded whose (migration 0029), stays.
      status: sql<
        'invited' | 'suspended'
      >`case when status = 'suspended' and suspended_by_party_id is null then 'suspended' else 'invited' end`,
      suspended_from: sql<'invited' | null>`case when suspended_by_party_id is null then suspended_from end`,
      suspended_by_party_id: null,
      created_at: invitation.invitedAt,
      updated_at: new Date(),
    })
    .where('id', '=', invitation.clientId)
    .where('password_hash', 'is', null)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('client_links as other')
            .select(sql<number>`1`.as('linked'))
            .whereRef('other.client_id', '=', 'clients.id')
            .where('other.external_party_id', '<>', invitation.partyId),
        ),
      ),
    )
    .execute();
}
