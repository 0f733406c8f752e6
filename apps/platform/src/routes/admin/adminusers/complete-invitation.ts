import { endEverySignIn, spendPasswordLinks } from '@waratah/identity';
import { getTenant } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type AdminUserRow, createAdminUser } from '../../../auth/admin-users/create-admin-user.ts';
import type { Database } from '../../../db/database-schema.ts';
import type { JobContext } from '../../../jobs/job-queue.ts';
import type { InvitationRequest } from '../../../mail/account-mail-job.ts';
import { invitationDeclinedMail } from '../../../mail/messages/invitation-declined-mail.ts';
import { invitationMail } from '../../../mail/messages/invitation-mail.ts';
import { isRegistrationAccount } from './registration-account.ts';

/**
 * The invitation's own work, done by the `mail.account` job (`kind: 'invitation'`). An address
 * without an account gets one, unverified and without a password, of the invitee's kind and
 * practice (`inviteeOf`: an adviser's colleague joins its practice; an operator's invitee is an
 * operator, or an adviser of the practice the operator named), and a link to set its password (7
 * days, once). This practice's own invitation not accepted yet is sent a fresh link, and so is a
 * registration nobody confirmed, which an invitation takes over (`takeOverRegistration`: one into
 * a practice since 2026-12-03, an operator's invitation of an operator since 2026-12-03 too). The
 * request audited the invitation (`admin_user.invite`, target the address), the same for every
 * address. Any other account of the address (active, another practice's or kind's invitation, a
 * registration confirmed) is left as it is and, if active, its owner told who invited them: before
 * 2026-11-29 such an invitation reused the row, so its link set the password of another practice's
 * invitee (or an operator), and a registrant accepting it joined no practice.
 *
 * The link is written in the transaction that writes the account, takes it over or, for an open
 * invitation, finds it still this invitation under its row's lock: a registration that took over
 * the invitation meanwhile (its links had all lapsed: `takeOverLapsedInvitation`) is never sent
 * this invitation's link, which would confirm it into no practice (or, the registrant having chosen
 * a password, be refused). Such an account, changed between
 * the read and the link, is read again and invited as it is now (a registration nobody confirmed:
 * taken over in turn), so the newer invitation wins.
 *
 * Safe to run again (the queue retries a failed send): the retry finds the row it wrote and only
 * sends a fresh link; two first invitations of one address at once: the second meets the first's
 * row, fails, and on its retry sends a link (same practice) or the note.
 */
export async function completeInvitation(
  app: FastifyInstance,
  request: InvitationRequest,
  job: JobContext,
): Promise<void> {
  const tenant = getTenant(request.tenantId);
  const invitee = inviteeOf(request);
  const [first, inviter, party] = await Promise.all([
    app.adminUsers.findByEmail(tenant.id, request.email),
    app.adminUsers.findById(tenant.id, request.inviterAdminUserId),
    // The practice the invitee joins, of the invitation's tenant (before 2026-12-03 read by its id
    // alone).
    invitee.partyId === null
      ? undefined
      : app.database.db
          .selectFrom('external_parties')
          .select(['name', 'status'])
          .where('id', '=', invitee.partyId)
          .where('tenant_id', '=', tenant.id)
          .executeTakeFirst(),
  ]);
  // Suspended, moved to another practice or another kind since asking: the invitation lapses. So
  // does one whose practice is no longer enabled (disabled, or sent back to review, where its name
  // may change unchecked): the request checked it, but the job runs later. Before 2026-12-02 the
  // job created the account and sent the link, naming the practice as it was by then.
  if (
    inviter?.status !== 'active' ||
    inviter.kind !== request.role ||
    inviter.external_party_id !== request.externalPartyId ||
    (invitee.partyId !== null && party?.status !== 'enabled')
  )
    return;
  const inviterName = `${inviter.given_name} ${inviter.family_name}`.trim();
  let existing = first;
  for (let attempt = 1; ; attempt += 1) {
    const invited = await inviteAccount(app, request, existing, invitee, job);
    if (invited === 'changed') {
      if (attempt === 3) throw new Error('The account of the address kept changing while it was invited');
      existing = await app.adminUsers.findByEmail(tenant.id, request.email);
      continue;
    }
    if (invited === 'declined') {
      if (existing?.status !== 'active') return;
      const mail = invitationDeclinedMail({
        tenant,
        givenName: existing.given_name,
        inviterName,
        partyName: party?.name,
        portalOrigin: request.portalOrigin,
      });
      await app.mailer.send({ tenantId: tenant.id, to: existing.email, ...mail });
      return;
    }
    const mail = invitationMail({
      tenant,
      givenName: invited.account.given_name,
      inviterName,
      partyName: party?.name,
      url: `${request.portalOrigin}/set-password?invitation_token=${invited.token}`,
    });
    await app.mailer.send({ tenantId: tenant.id, to: invited.account.email, ...mail });
    return;
  }
}

type Invited = { account: AdminUserRow; token: string } | 'declined' | 'changed';

/**
 * The invitee's account and its new link, written together: a new account, this practice's open
 * invitation (`isOpenInvitationOf`, read again under its row's lock), or a registration nobody
 * confirmed, taken over. `declined` for any other account (its owner is sent the note); `changed`
 * when the account is no longer what was read. Each marks the job's payload `written` in its
 * transaction. (The invitation itself was audited by its request, the same for every address.)
 */
async function inviteAccount(
  app: FastifyInstance,
  request: InvitationRequest,
  existing: AdminUserRow | undefined,
  invitee: Invitee,
  job: JobContext,
): Promise<Invited> {
  if (existing && !isOpenInvitationOf(existing, invitee)) {
    if (!isRegistrationAccount(existing)) return 'declined';
    return (await takeOverRegistration(app, request, existing, invitee, job)) ?? 'changed';
  }
  return app.database.db.transaction().execute(async (trx): Promise<Invited> => {
    let account: AdminUserRow;
    if (existing) {
      const current = await trx
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', existing.id)
        .forNoKeyUpdate()
        .executeTakeFirst();
      // Taken over by a registration since it was read (its links had all lapsed), or accepted.
      if (!current || !isOpenInvitationOf(current, invitee)) return 'changed';
      account = current;
    } else {
      account = await createAdminUser(trx, {
        tenantId: request.tenantId,
        email: request.email,
        givenName: request.givenName,
        familyName: request.familyName,
        kind: invitee.kind,
        externalPartyId: invitee.partyId,
        emailVerified: false,
      });
    }
    if (!(existing && request.written)) await app.jobQueue.markPayloadKey(job.id, 'written', trx);
    return { account, token: await issueInvitationLink(app, request, account, trx) };
  });
}

/** A new invitation link of the account (7 days, once), spending its earlier ones, in `trx`. */
function issueInvitationLink(
  app: FastifyInstance,
  request: InvitationRequest,
  account: AdminUserRow,
  trx: Kysely<Database>,
): Promise<string> {
  return app.oneTimeTokens.issueLinkToken(
    {
      tenantId: request.tenantId,
      adminUserId: account.id,
      purpose: 'invitation',
      ttlSeconds: app.authSettings.invitationTokenTtlSeconds,
    },
    trx,
  );
}

/**
 * Whom an invitation makes: its invitee's kind and practice. A job queued before 2026-12-03 has
 * neither, and made its invitee of the inviter's kind and practice.
 */
export function inviteeOf(request: InvitationRequest): Invitee {
  return {
    kind: request.inviteeKind ?? request.role,
    partyId: request.inviteePartyId === undefined ? request.externalPartyId : request.inviteePartyId,
  };
}

interface Invitee {
  kind: 'adviser' | 'operator';
  partyId: number | null;
}

/** An invitation of this kind into this practice (or none), its password not set yet. */
function isOpenInvitationOf(user: AdminUserRow, invitee: Invitee): boolean {
  return (
    user.status === 'active' &&
    user.kind === invitee.kind &&
    user.external_party_id === invitee.partyId &&
    user.password_hash === null &&
    user.email_verified_at === null
  );
}

/**
 * A registration nobody confirmed (`isRegistrationAccount`) made this invitation: an adviser of the
 * practice (since 2026-12-03), or, by an operator's invitation of an operator, an operator of no
 * practice (since 2026-12-03; before, such an invitation sent the "already registered" note, and
 * the registration blocked it for good); its names the invited ones, its roles and permissions
 * none, as a new invitation's, its password and accepted terms cleared, and, in the same
 * transaction, every live link and code of the account spent (the platform's and the identity's
 * own confirmation and reset links, rows of `identity_store` deleted here), every sign-in ended and
 * the invitation's link written. Whoever registered the address proved nothing, and the invitee
 * proves it through the link (before 2026-12-03 such a registration blocked every invitation of its
 * address for good: its owner was sent the "already registered" note, which it could not act on).
 * The update marks when the account joined the practice (`practice_joined_at`, migration 0034):
 * the account's entries before then (its `admin_user.register`, failed sign-ins, with whoever's
 * address and IP) are the registrant's, and the practice's audit log leaves them out
 * (access/list-audit-log.ts); listed, they told the inviter that the address had been registered.
 * An operator joins no practice, and reads the tenant's whole log anyway: null. A registration that
 * took over a lapsed invitation (`takeOverLapsedInvitation`) is such a registration, and taken over
 * in turn: each way the address stays unconfirmed until its owner proves it, by the invitation's
 * link or the registration's code. One guarded update: undefined when the account was confirmed,
 * joined a practice or changed since it was read, and the caller reads it again. Marks the job's
 * payload `written`, so that a retry (a failed send) finds the open invitation and only sends a
 * fresh link.
 */
async function takeOverRegistration(
  app: FastifyInstance,
  request: InvitationRequest,
  registration: AdminUserRow,
  invitee: Invitee,
  job: JobContext,
): Promise<{ account: AdminUserRow; token: string } | undefined> {
  return app.database.db.transaction().execute(async (trx) => {
    const account = await trx
      .updateTable('admin_users')
      .set({
        kind: invitee.kind,
        roles: JSON.stringify([]),
        permissions: JSON.stringify([]),
        external_party_id: invitee.partyId,
        // Its entries before now are the registrant's, left out of the practice's audit log. The
        // clock's time, not the transaction's start: an entry of a request that began meanwhile
        // is the registrant's too (the invitee's link is sent after the commit).
        practice_joined_at: invitee.partyId === null ? null : sql<Date>`clock_timestamp()`,
        given_name: request.givenName,
        family_name: request.familyName,
        password_hash: null,
        terms_accepted_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', registration.id)
      .where('email_verified_at', 'is', null)
      .where('kind', '=', 'adviser')
      .where('external_party_id', 'is', null)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
    if (!account) return undefined;
    // Its registration's code, and any reset or invitation link it was sent (the identity's reset
    // links too, `spendPasswordLinks`), are not the invitee's: whoever registered holds them.
    await trx
      .updateTable('one_time_tokens')
      .set({ used_at: new Date() })
      .where('admin_user_id', '=', account.id)
      .where('purpose', '=', 'email_verification')
      .where('used_at', 'is', null)
      .execute();
    await spendPasswordLinks<Database>(trx, account.id);
    // The identity's link confirming the address (`EmailVerification`, apps/identity's
    // `accounts/link-tokens.ts`): deleted here, as its reset links are by `spendPasswordLinks`.
    await trx
      .deleteFrom('identity_store')
      .where('model', '=', 'EmailVerification')
      .where(sql<string>`payload->>'accountId'`, '=', String(account.id))
      .execute();
    await endEverySignIn<Database>(trx, account.id);
    await app.jobQueue.markPayloadKey(job.id, 'written', trx);
    return { account, token: await issueInvitationLink(app, request, account, trx) };
  });
}
