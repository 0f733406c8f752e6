import { sql } from 'kysely';
import type { Account, AccountClaims } from 'oidc-provider';
import { sessionEnded } from '../storage/ended-sessions.ts';
import type { IdentityDb } from '../storage/identity-database.ts';

export interface AdviserRecord {
  id: number;
  email: string;
  givenName: string;
  familyName: string;
  roles: string[];
  emailVerified: boolean;
  passwordHash: string | null;
}

/**
 * Account lookup for oidc-provider (node-oidc-provider example/support/account.js): an account is
 * an active admin user of the provider's tenant; its subject is the admin user's id.
 */
export function createAccountFinder(db: IdentityDb, tenantId: string) {
  return async function findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
    const adviser = await findAdviser(db, tenantId, { id: sub });
    // Only a confirmed address signs in (a session from before confirmation was required ends here too).
    return adviser?.emailVerified ? toAccount(adviser) : undefined;
  };
}

export function toAccount(adviser: AdviserRecord): Account {
  return { accountId: String(adviser.id), claims: () => adviserClaims(adviser) };
}

/** Every claim the identity knows; oidc-provider releases those the granted scopes name. */
export function adviserClaims(adviser: AdviserRecord): AccountClaims {
  return {
    sub: String(adviser.id),
    email: adviser.email,
    email_verified: adviser.emailVerified,
    given_name: adviser.givenName,
    family_name: adviser.familyName,
    name: `${adviser.givenName} ${adviser.familyName}`.trim(),
    preferred_username: adviser.email,
    roles: adviser.roles,
  };
}

/**
 * An active admin user of the tenant, by id or e-mail. With `sessionUid` (an access token's `sid`),
 * none is found once that session has ended (`storage/ended-sessions.ts`), in the same statement.
 */
export async function findAdviser(
  db: IdentityDb,
  tenantId: string,
  by: { id: string; sessionUid?: string } | { email: string },
): Promise<AdviserRecord | undefined> {
  let query = db
    .selectFrom('admin_users')
    .select([
      'id',
      'email',
      'given_name',
      'family_name',
      'kind',
      'roles',
      'email_verified_at',
      'password_hash',
    ])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active');
  if ('id' in by) {
    if (!/^\d{1,9}$/.test(by.id)) return undefined;
    query = query.where('id', '=', Number(by.id));
    const { sessionUid } = by;
    if (sessionUid) query = query.where(sql<boolean>`not ${sessionEnded(sessionUid)}`);
  } else {
    query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', by.email.trim().toLowerCase()));
  }
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    givenName: row.given_name,
    familyName: row.family_name,
    // A user without explicit roles holds the role of its kind (an adviser is an 'adviser').
    roles: row.roles.length > 0 ? row.roles : [row.kind],
    emailVerified: row.email_verified_at !== null,
    passwordHash: row.password_hash,
  };
}
