import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { IdentityDb } from '../storage/identity-database.ts';

/**
 * What an e-mailed link is for: its row's model in `identity_store` (by the SHA-256 of its token)
 * and how long it works (the e-mail says so).
 */
export interface LinkPurpose {
  model: string;
  ttlSeconds: number;
}

/** A forgotten password's link (`/app/reset-password/`): 1 hour. */
export const passwordResetLink: LinkPurpose = { model: 'PasswordReset', ttlSeconds: 60 * 60 };

/** A new adviser's link to confirm their e-mail address (`/app/verify-email/`): 24 hours. */
export const emailVerificationLink: LinkPurpose = { model: 'EmailVerification', ttlSeconds: 24 * 60 * 60 };

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The shape of a token this module issues: 32 random bytes, base64url. Anything else is no token. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new link's token for the adviser, replacing any earlier link of theirs for the same purpose
 * (only the newest e-mail works). Only its hash is stored: the database never holds a token that
 * opens an account.
 */
export async function issueLinkToken(
  db: IdentityDb,
  purpose: LinkPurpose,
  adminUserId: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const accountId = String(adminUserId);
  await db.transaction().execute(async (trx) => {
    // The account's row first (`for no key update`, as the platform's own links take it): two mail
    // jobs for one adviser at once run one after the other, and the second deletes the first's link.
    // Each used to delete only the links committed before it began, so on PostgreSQL both stayed
    // live (before 2026-12-03).
    await trx.selectFrom('admin_users').select('id').where('id', '=', adminUserId).forNoKeyUpdate().execute();
    await trx
      .deleteFrom('identity_store')
      .where('model', '=', purpose.model)
      .where(sql<string>`payload->>'accountId'`, '=', accountId)
      .execute();
    await trx
      .insertInto('identity_store')
      .values({
        model: purpose.model,
        id: hashOf(token),
        payload: JSON.stringify({ accountId }),
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: new Date(now.getTime() + purpose.ttlSeconds * 1000),
        consumed_at: null,
      })
      .execute();
  });
  return token;
}

/** The adviser a live (unused, unexpired) token was issued to, without using it up. */
export async function linkTokenAccount(
  db: IdentityDb,
  purpose: LinkPurpose,
  token: string,
  now = new Date(),
): Promise<number | undefined> {
  if (!tokenShape.test(token)) return undefined;
  const row = await db
    .selectFrom('identity_store')
    .select(sql<string>`payload->>'accountId'`.as('account_id'))
    .where('model', '=', purpose.model)
    .where('id', '=', hashOf(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return accountOf(row?.account_id);
}

/**
 * Uses the token up, in the caller's transaction, and answers whose it was; undefined when it was
 * unknown, expired or already used (two uses at once: only one deletes the row).
 */
export async function consumeLinkToken(
  trx: IdentityDb,
  purpose: LinkPurpose,
  token: string,
  now = new Date(),
): Promise<number | undefined> {
  if (!tokenShape.test(token)) return undefined;
  const row = await trx
    .deleteFrom('identity_store')
    .where('model', '=', purpose.model)
    .where('id', '=', hashOf(token))
    .where('expires_at', '>', now)
    .returning(sql<string>`payload->>'accountId'`.as('account_id'))
    .executeTakeFirst();
  return accountOf(row?.account_id);
}

function accountOf(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
