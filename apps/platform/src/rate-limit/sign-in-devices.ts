import type { ExpressionBuilder, Kysely } from 'kysely';
import { generateTokenSecret, hashTokenSecret } from '../auth/tokens/token-secret.ts';
import type { Database } from '../db/database-schema.ts';

/** How long a browser stays known to an account after its last sign-in there: 90 days. */
export const signInDeviceTtlSeconds = 90 * 24 * 3600;

/** The longest token read from a cookie: one handed out is 43 characters. */
const maxTokenLength = 100;

/** The browsers an account keeps: a new one past these pushes out the one least lately used. */
export const signInDevicesPerAccount = 10;

/**
 * Whom a sign-in names: its tenant, the e-mail typed (compared lower-cased and trimmed) and whose
 * account it is (an admin user's or a client's).
 */
export interface SignInAccount {
  tenantId: string;
  username: string;
  audience: 'admin_user' | 'client';
}

function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

/** A cookie's token worth looking up: present, and no longer than any handed out. */
function readable(token: string | undefined): token is string {
  return token !== undefined && token.length > 0 && token.length <= maxTokenLength;
}

/** The token's row, handed out to this very account and unexpired (a read's or a renewal's filter). */
function validRow(token: string, account: SignInAccount, now: Date) {
  return (eb: ExpressionBuilder<Database, 'sign_in_devices'>) =>
    eb.and([
      eb('token_hash', '=', hashTokenSecret(token)),
      eb('tenant_id', '=', account.tenantId),
      eb('account', '=', accountKey(account.username)),
      eb('audience', '=', account.audience),
      eb('expires_at', '>', now),
    ]);
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
  if (!readable(token)) return undefined;
  const row = await db
    .selectFrom('sign_in_devices')
    .select('token_hash')
    .where(validRow(token, account, now))
    .executeTakeFirst();
  return row?.token_hash;
}

/**
 * After a successful sign-in: the token for the browser's device cookie. The browser's own token
 * when it was already known to this account (its expiry moved on), else a new one; an account
 * keeps its newest `signInDevicesPerAccount` browsers, so signing in again and again from new
 * ones (a script without cookies) does not pile up rows.
 */
export async function rememberSignInDevice(
  db: Kysely<Database>,
  token: string | undefined,
  account: SignInAccount,
  now: Date = new Date(),
): Promise<string> {
  const expiresAt = new Date(now.getTime() + signInDeviceTtlSeconds * 1000);
  // A browser known to the account: its expiry moved on, in the one statement that checks it.
  if (readable(token)) {
    const renewed = await db
      .updateTable('sign_in_devices')
      .set({ expires_at: expiresAt })
      .where(validRow(token, account, now))
      .executeTakeFirst();
    if (renewed.numUpdatedRows > 0n) return token;
  }
  const fresh = generateTokenSecret();
  const key = accountKey(account.username);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sign_in_devices')
      .values({
        token_hash: hashTokenSecret(fresh),
        tenant_id: account.tenantId,
        account: key,
        audience: account.audience,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    const kept = trx
      .selectFrom('sign_in_devices')
      .select('token_hash')
      .where('tenant_id', '=', account.tenantId)
      .where('account', '=', key)
      .where('audience', '=', account.audience)
      .orderBy('expires_at', 'desc')
      .orderBy('token_hash')
      .limit(signInDevicesPerAccount);
    await trx
      .deleteFrom('sign_in_devices')
      .where('tenant_id', '=', account.tenantId)
      .where('account', '=', key)
      .where('audience', '=', account.audience)
      .where('token_hash', 'not in', kept)
      .execute();
  });
  return fresh;
}
