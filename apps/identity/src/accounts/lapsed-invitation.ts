import { type ColumnType, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { endEverySignIn } from '../storage/end-other-sign-ins.ts';
import type {
  AdminUsersTable,
  IdentityDatabase,
  IdentityDb,
  PlatformLinkTokensTable,
} from '../storage/identity-database.ts';
import { spendPasswordLinks } from '../storage/spend-password-links.ts';
import { emailVerificationLink, passwordResetLink } from './link-tokens.ts';

/**
 * The platform's columns a takeover reads and writes beside those the identity knows
 * (`storage/identity-database.ts`): an account's practice and when it joined it, its permissions
 * (the platform's migrations 0002 and 0034), and when a platform link expires (0003).
 */
interface TakeoverDatabase extends Omit<IdentityDatabase, 'admin_users' | 'one_time_tokens'> {
  admin_users: AdminUsersTable & {
    external_party_id: number | null;
    practice_joined_at: Date | null;
    permissions: ColumnType<string[], string, string>;
  };
  one_time_tokens: PlatformLinkTokensTable & { id: number; expires_at: Date };
}

/** What a registration writes into the account it takes over, as into a new one. */
export interface RegistrantProfile {
  given_name: string;
  family_name: string;
  password_hash: string;
  terms_accepted_at: Date;
}

/**
 * A link that still lets an invitation's invitee accept it, as of `now`: the platform's invitation
 * or reset link (`one_time_tokens`, unused and unexpired; a reset link sets the password and
 * confirms the address of an invitation's account too), or the identity's reset link
 * (`PasswordReset`, deleted when used). Expired or spent links, and those the sweeps deleted, are
 * none. The same test as the platform's registration makes (apps/platform's
 * `auth/admin-users/lapsed-invitation.ts`, `acceptableLink`).
 */
function acceptableLink(eb: ExpressionBuilder<TakeoverDatabase, 'admin_users'>, now: Date) {
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
        .where('reset.model', '=', passwordResetLink.model)
        .where(sql<string>`reset.payload->>'accountId'`, '=', sql<string>`admin_users.id::text`)
        .where('reset.expires_at', '>', now),
    ),
  ]);
}

/**
 * The registration page's takeover of an invitation nobody can accept any more: an account never
 * confirmed, active and without a password (a colleague's or an operator's invitee; invited
 * accounts are the only ones without one here) none of whose links works (`acceptableLink`).
 * Before 2026-12-03 the page left it to its invitee, who could no longer accept it, and its
 * address could never be registered. It becomes the registrant's registration exactly as a new one
 * is written (`registerAdviser`): an adviser (roles `adviser`, no permissions) of no practice
 * (`external_party_id` and `practice_joined_at` null), the registrant's names and password, terms
 * accepted, unconfirmed. Every link and code the account was sent is spent (the platform's, the
 * identity's reset and confirmation links), and every sign-in ended. The caller then audits
 * `admin_user.register` and sends the link to confirm the address, as for a new registration.
 *
 * In the registration's transaction, which holds the account's row (`for update`, as issuing or
 * using a link waits for): the conditions, all in the one guarded update, are those of now, so an
 * invitation accepted or sent a new link first is left to its invitee (false), and one sent a link
 * later meets the registration (and an invitation into a practice takes that over in turn: the
 * platform's `complete-invitation.ts`). The platform's registration makes the same takeover
 * (apps/platform's `takeOverLapsedInvitation`).
 */
export async function takeOverLapsedInvitation(
  trx: IdentityDb,
  accountId: number,
  profile: RegistrantProfile,
  now: Date = new Date(),
): Promise<boolean> {
  const db = trx as unknown as Kysely<TakeoverDatabase>;
  const taken = await db
    .updateTable('admin_users')
    .set({
      ...profile,
      kind: 'adviser',
      roles: JSON.stringify(['adviser']),
      permissions: JSON.stringify([]),
      external_party_id: null,
      practice_joined_at: null,
      updated_at: now,
    })
    .where('id', '=', accountId)
    .where('status', '=', 'active')
    .where('email_verified_at', 'is', null)
    .where('password_hash', 'is', null)
    .where((eb) => eb.not(acceptableLink(eb, now)))
    .returning('id')
    .executeTakeFirst();
  if (!taken) return false;
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('admin_user_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
  await spendPasswordLinks(trx, accountId);
  await trx
    .deleteFrom('identity_store')
    .where('model', '=', emailVerificationLink.model)
    .where(sql<string>`payload->>'accountId'`, '=', String(accountId))
    .execute();
  await endEverySignIn(trx, accountId);
  return true;
}
