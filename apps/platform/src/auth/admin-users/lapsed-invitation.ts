import { endEverySignIn, spendPasswordLinks } from '@waratah/identity';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database-schema.ts';
import type { AdminUserRow } from './create-admin-user.ts';

/**
 * An invitation nobody has accepted: a colleague's (an adviser of a practice) or an operator's
 * invitee, active, without a password and never confirmed. While a link of it works its invitee
 * accepts it from that link; once none does, a registration of its address takes it over
 * (`takeOverLapsedInvitation`). A registration's own account (`isRegistrationAccount`: an adviser
 * of no practice) is not one: a registration again renames it.
 */
export function isUnacceptedInvitation(user: AdminUserRow): boolean {
  return (
    user.status === 'active' &&
    user.email_verified_at === null &&
    user.password_hash === null &&
    (user.kind === 'operator' || user.external_party_id !== null)
  );
}

/**
 * A link that still lets the account's invitee accept it, as of `now`: the platform's invitation
 * or reset link (`one_time_tokens`, unused and unexpired: a reset link sets the password and
 * confirms the address of an invitation's account too), or the identity's reset link
 * (`PasswordReset` in `identity_store`, unexpired; it is deleted when used). Expired and spent
 * links, and the rows the housekeeping sweep deleted, are no such link. The code a registration is
 * sent is not one: it never confirms an invitation.
 */
export function acceptableLink(eb: ExpressionBuilder<Database, 'admin_users'>, now: Date) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('one_time_tokens as link')
        .select('link.id')
        .whereRef('link.admin_user_id', '=', 'admin_users.id')
        .where('link.purpose', 'in', ['invitation', 'reset_password'])
        .where('link.used_at', 'is', null)
        .where('link.expires_at', '>', now),
    ),
    eb.exists(
      eb
        .selectFrom('identity_store as reset')
        .select('reset.id')
        .where('reset.model', '=', 'PasswordReset')
        .where(sql<string>`reset.payload->>'accountId'`, '=', sql<string>`admin_users.id::text`)
        .where('reset.expires_at', '>', now),
    ),
  ]);
}

export interface Registrant {
  givenName: string;
  familyName: string;
  /** The registration's password, hashed, where that registration sets one. */
  passwordHash: string | null;
}

export type InvitationTakeover =
  /** The registrant's registration now, of no practice, unconfirmed; nothing of the invitation's works. */
  | { outcome: 'taken'; account: AdminUserRow }
  /** A link of it still works: its invitee accepts it from that link, and it is left as it is. */
  | { outcome: 'live' }
  /**
   * No longer the invitation that was read (accepted, suspended, taken over by another
   * registration, made another practice's or kind's): the caller reads the account again.
   */
  | { outcome: 'changed' };

/**
 * Makes an invitation nobody can accept any more (`isUnacceptedInvitation`, and no
 * `acceptableLink`) the registrant's own registration, exactly as a new one is written: an adviser
 * (roles and permissions none, as `createAdminUser` writes a registration's) of no practice
 * (`external_party_id` and `practice_joined_at` null), the registrant's names and password (if the
 * registration sets one), terms accepted now, the address unconfirmed. Every link and code the
 * account was ever sent is spent (the platform's, and the identity's confirmation and reset links,
 * rows of `identity_store`), and every sign-in ended. Before 2026-12-03 such an invitation blocked
 * its address's registration for good: the registration left it to its invitee, who could no
 * longer accept it.
 *
 * In the caller's transaction (`trx`), which writes the `admin_user.register` audit row beside it.
 * The account's row is locked first (`for no key update`), as issuing and using a link lock it;
 * then one update, guarded by every condition as of now: still the invitation read (active, never
 * confirmed, no password, its kind and practice) and no link of it that works. A link issued or
 * used at the same time (a new invitation of the address, its acceptance) is committed before the
 * update reads, and wins: `live` while the account is still the invitation read (a link of it
 * works), `changed` otherwise (the caller reads it again). Or it waits for this, and meets a
 * registration: a new invitation then takes that over in turn (complete-invitation.ts).
 */
export async function takeOverLapsedInvitation(
  trx: Kysely<Database>,
  invitation: AdminUserRow,
  registrant: Registrant,
  now: Date = new Date(),
): Promise<InvitationTakeover> {
  // The account's row first, as issuing and using a link take it: one of those at the same time
  // is committed before the update below reads the account and its links, or waits for this.
  const current = await trx
    .selectFrom('admin_users')
    .selectAll()
    .where('id', '=', invitation.id)
    .forNoKeyUpdate()
    .executeTakeFirst();
  const account = await trx
    .updateTable('admin_users')
    .set({
      kind: 'adviser',
      roles: JSON.stringify([]),
      permissions: JSON.stringify([]),
      external_party_id: null,
      practice_joined_at: null,
      given_name: registrant.givenName,
      family_name: registrant.familyName,
      password_hash: registrant.passwordHash,
      terms_accepted_at: now,
      updated_at: now,
    })
    .where('id', '=', invitation.id)
    // Still the invitation read: active, never confirmed, no password, its kind and practice.
    .where('status', '=', 'active')
    .where('email_verified_at', 'is', null)
    .where('password_hash', 'is', null)
    .where('kind', '=', invitation.kind)
    .where((eb) =>
      invitation.external_party_id === null
        ? eb.and([eb('kind', '=', 'operator'), eb('external_party_id', 'is', null)])
        : eb('external_party_id', '=', invitation.external_party_id),
    )
    // And none of its links works any more.
    .where((eb) => eb.not(acceptableLink(eb, now)))
    .returningAll()
    .executeTakeFirst();
  if (!account) {
    const unchanged =
      current !== undefined &&
      isUnacceptedInvitation(current) &&
      current.kind === invitation.kind &&
      current.external_party_id === invitation.external_party_id;
    return { outcome: unchanged ? 'live' : 'changed' };
  }
  // Spent, expired or not: whoever holds one holds nothing of the registrant's.
  await trx
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('admin_user_id', '=', account.id)
    .where('used_at', 'is', null)
    .execute();
  await spendPasswordLinks<Database>(trx, account.id);
  await trx
    .deleteFrom('identity_store')
    .where('model', '=', 'EmailVerification')
    .where(sql<string>`payload->>'accountId'`, '=', String(account.id))
    .execute();
  await endEverySignIn<Database>(trx, account.id);
  return { outcome: 'taken', account };
}
