import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/** How long a browser stays known to an account after its last sign-in there: 90 days. */
export const signInDeviceTtlSeconds = 90 * 24 * 3600;

/** The longest token read from a cookie: one handed out is 43 characters. */
const maxTokenLength = 100;

/** Whom a sign-in names: its tenant and the e-mail typed (compared lower-cased and trimmed). */
export interface SignInAccount {
  tenantId: string;
  username: string;
}

function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The device cookie's token when it was handed out to this very account and has not expired: its
 * hash, which names the browser's own failed-sign-in counter. Undefined for no cookie, another
 * account's, an expired or an unknown one (OWASP's "device cookies" against account lockout).
 */
export async function knownSignInDevice(
  db: Kysely<Database>,
  token: string | undefined,
  account: SignInAccount,
  now: Date = new Date(),
): Promise<string | undefined> {
  if (!token || token.length > maxTokenLength) return undefined;
  const tokenHash = hashOf(token);
  const row = await db
    .selectFrom('sign_in_devices')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('tenant_id', '=', account.tenantId)
    .where('account', '=', accountKey(account.username))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.token_hash;
}

/**
 * After a successful sign-in: the token for the browser's device cookie. The browser's own token
 * when it was already known to this account (its expiry moved on), else a new one.
 */
export async function rememberSignInDevice(
  db: Kysely<Database>,
  token: string | undefined,
  account: SignInAccount,
  now: Date = new Date(),
): Promise<string> {
  const expiresAt = new Date(now.getTime() + signInDeviceTtlSeconds * 1000);
  const known = await knownSignInDevice(db, token, account, now);
  if (known && token) {
    await db
      .updateTable('sign_in_devices')
      .set({ expires_at: expiresAt })
      .where('token_hash', '=', known)
      .execute();
    return token;
  }
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insertInto('sign_in_devices')
    .values({
      token_hash: hashOf(fresh),
      tenant_id: account.tenantId,
      account: accountKey(account.username),
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return fresh;
}
