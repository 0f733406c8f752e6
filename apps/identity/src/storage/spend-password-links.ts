import type { Kysely } from 'kysely';
import type { IdentityDatabase, IdentityDb } from './identity-database.ts';

/**
 * Spends every live e-mailed link of an account that sets its password (the platform's reset and
 * invitation links), in the caller's transaction: once a password is set, here or by the
 * platform's own link, only a new e-mail works.
 */
export async function spendPasswordLinks<DB extends IdentityDatabase>(
  db: Kysely<DB>,
  adminUserId: number,
): Promise<void> {
  await (db as unknown as IdentityDb)
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('admin_user_id', '=', adminUserId)
    .where('purpose', 'in', ['reset_password', 'invitation'])
    .where('used_at', 'is', null)
    .execute();
}
