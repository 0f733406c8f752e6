import { createHash } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';
import type { IdentityDb } from './identity-database.ts';

/**
 * What a finished sign-in keeps of the password it was checked against: the SHA-256 of the
 * account's password hash (an argon2id string, its salt included), which a new password replaces.
 * It tells nothing of the password: checking a guess against it needs the hash's salt.
 */
export function passwordStampOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash, 'utf8').digest('base64url');
}

/**
 * Whether an interaction's finished sign-in (`result.login`, written by the sign-in form) was
 * checked against a password the account no longer has: a password change or reset since. The
 * change deletes such interactions (`endOtherSignIns`), but a sign-in form answered while it ran
 * writes its interaction back after the delete; read through this, the store finds it absent, and
 * the browser cannot resume it into a code, whichever of the two commits first. A login without a
 * stamp (the consent step of a browser signed in already, whose session the change ended) is left
 * to the session's own checks.
 */
export async function loginOutlivedItsPassword(db: IdentityDb, payload: AdapterPayload): Promise<boolean> {
  const login = (payload.result as { login?: { accountId?: unknown; passwordStamp?: unknown } } | undefined)
    ?.login;
  if (typeof login?.passwordStamp !== 'string') return false;
  const id = Number(login.accountId);
  if (!Number.isSafeInteger(id) || id <= 0) return true;
  const account = await db
    .selectFrom('admin_users')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  return !account?.password_hash || passwordStampOf(account.password_hash) !== login.passwordStamp;
}
