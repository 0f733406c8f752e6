import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { passwordResetLink } from '../accounts/link-tokens.ts';
import type { IdentityDatabase, IdentityDb } from './identity-database.ts';

/**
 * Spends every live e-mailed link of an account that sets its password (the platform's reset and
 * invitation links, and the identity's own reset links), in the caller's transaction: once a
 * password is set, here or by the platform's own link, only a new e-mail works. (Before 2026-11-30
 * the identity's reset link outlived a password change: whoever had read the victim's e-mail
 * could still set a password with it for up to an hour.)
 */
export async function spendPasswordLinks<DB extends IdentityDatabase>(
  db: Kysely<DB>,
  adminUserId: number,
): Promise<void> {
  const identityDb = db as unknown as IdentityDb;
  await identityDb
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('admin_user_id', '=', adminUserId)
    .where('purpose', 'in', ['reset_password', 'invitation'])
    .where('used_at', 'is', null)
    .execute();
  await identityDb
    .deleteFrom('identity_store')
    .where('model', '=', passwordResetLink.model)
    .where(sql<string>`payload->>'accountId'`, '=', String(adminUserId))
    .execute();
}
