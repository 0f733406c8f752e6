import type { TokenRequest } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../../../access/record-audit.ts';
import type { AdminUserRow } from '../../../auth/admin-users/create-admin-user.ts';
import { verifyPassword } from '../../../auth/passwords/hash-password.ts';
import { consentsScope } from '../../../auth/principal.ts';
import type { IssuedTokens } from '../../../auth/tokens/token-repository.ts';
import type { Database } from '../../../db/database-schema.ts';
import { knownSignInDevice, rememberSignInDevice } from '../../../rate-limit/sign-in-devices.ts';
import { countSignInAttempt, forgiveSignInAttempt, signInRules } from '../../../rate-limit/sign-in-limits.ts';
import { afterAnswer } from '../../after-answer.ts';
import { OAuthError } from '../oauth-error.ts';
import { isPortalOrigin } from '../refresh-token-cookie.ts';
import { requireFields } from '../require-fields.ts';
import { resolveOAuthClient } from '../resolve-oauth-client.ts';
import { setSignInDeviceCookie, signInDeviceCookieName } from '../sign-in-device-cookie.ts';
import { subjectKindOf, type TokenAudience } from './token-audience.ts';

interface Account {
  id: number;
  passwordHash: string | null;
  active: boolean;
  emailVerified: boolean;
}

/**
 * RFC 6749 §4.3 with the tenant's client_id and domain (spec §7 OAuth). A portal's browser that
 * signed in to the account before carries a device cookie: its failures count against it, not
 * the account (rate-limit/sign-in-devices.ts), and each sign-in from the portal sets or renews it.
 */
export async function passwordGrant(
  request: FastifyRequest,
  body: TokenRequest,
  audience: TokenAudience,
  reply: FastifyReply,
): Promise<IssuedTokens> {
  const fields = requireFields(body, ['username', 'password', 'client_id', 'domain']);
  const client = resolveOAuthClient(request, fields.client_id, fields.domain);
  const { rateLimiter, authSettings, tokens } = request.server;
  const db = request.server.database.db;
  const named = {
    tenantId: client.tenant.id,
    username: fields.username,
    audience: subjectKindOf(audience),
  };
  const device = request.cookies[signInDeviceCookieName(request, audience)];
  const rules = signInRules(authSettings, {
    ...named,
    ip: request.ip,
    knownDevice: await knownSignInDevice(db, device, named),
  });
  // Counted as failed until the password proves right, so a burst cannot outrun the limit.
  await countSignInAttempt(rateLimiter, rules);

  const tenantId = client.tenant.id;
  const account = await findAccount(request, tenantId, fields.username, audience);
  // Who signed in or tried to, when, through which portal and from where (the audit log, docs/security.md).
  const audit = (id: number, action: string) =>
    recordAudit(request.server.database.db, {
      actor:
        audience === 'admin'
          ? { kind: 'admin_user', tenantId, adminUserId: id, ip: request.ip }
          : { kind: 'client', tenantId, clientId: id, ip: request.ip },
      action,
      targetType: 'oauth_client',
      targetId: client.clientId,
    });
  // A wrong password for an account that exists is kept against it; an unknown name has no row
  // to name. The row is written after the answer, so the two answers take the same time: before
  // 2026-12-01 the first waited for its row (1–3 ms), which told which addresses have accounts.
  const refuseAsWrongPassword = (): never => {
    if (account)
      afterAnswer(request, reply, 'The failed sign-in could not be audited', async () => {
        await audit(account.id, 'session.sign_in_failed');
      });
    throw new OAuthError('invalid_grant', 'Invalid email or password');
  };
  if (!(await verifyPassword(account?.passwordHash, fields.password)) || !account)
    return refuseAsWrongPassword();
  await forgiveSignInAttempt(rateLimiter, rules);
  // A client's sign-in for their consents alone (`scope=consents`, checked by `requestedScope`): one
  // access token stored with that scope, no refresh token. The one a suspended client may still
  // make, to see and withdraw their consents (a suspended account's refresh is refused).
  const consentsOnly = body.scope === consentsScope;
  refuseStanding(account, consentsOnly);
  const subject = { kind: subjectKindOf(audience), id: account.id, tenantId, clientId: client.clientId };
  // Issued holding the account's row (`for share`) and only while it is as the password was checked
  // against: a new password (a reset, a change at the identity) or a suspension updates that row and
  // then ends every sign-in, so one committed while the password was checked (argon2, tens of ms) is
  // seen here, and one under way waits for these tokens and ends them too. Before 2026-12-03 the
  // tokens were written with nothing checked again: a sign-in with the old password that read the
  // account before a reset committed wrote its tokens after the reset's revocations, and whoever
  // knew the old password stayed signed in. Refused as the wrong password it now is, not counted
  // (it was forgiven above as right): a victim's own reset must not lock them out.
  const issued = await db.transaction().execute(async (trx) => {
    const current = await lockAccount(trx, tenantId, account.id, audience);
    if (current?.passwordHash !== account.passwordHash) return undefined;
    refuseStanding(current, consentsOnly);
    const issuedNow = await tokens.issueForSignIn(
      subject,
      consentsOnly ? { withRefreshToken: false, scope: consentsScope } : { withRefreshToken: true },
      trx,
    );
    return { tokens: issuedNow, active: current.active };
  });
  if (!issued) return refuseAsWrongPassword();
  await audit(account.id, issued.active ? 'session.sign_in' : 'session.sign_in_suspended');
  if (isPortalOrigin(request, client))
    setSignInDeviceCookie(request, reply, audience, await rememberSignInDevice(db, device, named));
  return issued.tokens;
}

/** The account's standing once its password proved right: suspended (but for `consentsOnly`), or its address not verified. */
function refuseStanding(account: Account, consentsOnly: boolean): void {
  if (!account.active && !consentsOnly) throw new OAuthError('invalid_grant', 'This account is suspended');
  if (!account.emailVerified) {
    throw new OAuthError('invalid_grant', 'Please verify your email address before signing in');
  }
}

/**
 * The account by id, its row locked `for share` in `trx` until it commits: a new password or a
 * change of status (an update of the row) waits for the sign-in, or the sign-in for it.
 */
async function lockAccount(
  trx: Kysely<Database>,
  tenantId: TenantId,
  id: number,
  audience: TokenAudience,
): Promise<Account | undefined> {
  if (audience === 'admin') {
    const user = await trx
      .selectFrom('admin_users')
      .select(['id', 'password_hash', 'status', 'email_verified_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forShare()
      .executeTakeFirst();
    return user && adminAccount(user);
  }
  const client = await trx
    .selectFrom('clients')
    .select(['id', 'password_hash', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
  return client && clientAccount(client);
}

async function findAccount(
  request: FastifyRequest,
  tenantId: TenantId,
  username: string,
  audience: TokenAudience,
): Promise<Account | undefined> {
  if (audience === 'admin') {
    const user = await request.server.adminUsers.findByEmail(tenantId, username);
    return user && adminAccount(user);
  }
  const client = await request.server.database.db
    .selectFrom('clients')
    .select(['id', 'password_hash', 'status'])
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(email)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return client && clientAccount(client);
}

function adminAccount(
  user: Pick<AdminUserRow, 'id' | 'password_hash' | 'status' | 'email_verified_at'>,
): Account {
  return {
    id: user.id,
    passwordHash: user.password_hash,
    active: user.status === 'active',
    emailVerified: user.email_verified_at !== null,
  };
}

function clientAccount(client: { id: number; password_hash: string | null; status: string }): Account {
  return {
    id: client.id,
    passwordHash: client.password_hash,
    active: client.status !== 'suspended',
    emailVerified: true,
  };
}
