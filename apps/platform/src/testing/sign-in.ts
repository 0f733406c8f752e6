import { type AdminPermissionArea, tokenResponseSchema } from '@waratah/contracts';
import { resolveTenant, type TenantId } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { AdminUserRow } from '../auth/admin-users/create-admin-user.ts';
import type { ExternalPartiesTable, ExternalPartyStatus } from '../db/database-schema.ts';
import { createTestAdviser } from './create-test-adviser.ts';
import { accountMailSettled } from './latest-mail.ts';

export interface SignedInAdminUserOptions {
  /** Default 'moneypartner' (a password tenant). */
  tenantId?: TenantId;
  /** Default 'adviser'. */
  kind?: 'adviser' | 'operator';
  /** Default a fresh unique address. */
  email?: string;
  password?: string;
  givenName?: string;
  familyName?: string;
  /** The adviser's practice: its status (default 'enabled'), or null for none (operators have none by default). */
  externalPartyStatus?: ExternalPartyStatus | null;
  /** An operator's permission areas: default every area. */
  permissions?: readonly AdminPermissionArea[];
}

export interface SignedInAdminUser {
  adminUser: AdminUserRow;
  externalParty: Selectable<ExternalPartiesTable> | null;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** Host of the tenant's portal on this machine, and the bearer token: spread into `inject`. */
  headers: { host: string; authorization: string };
}

/** The local host of a tenant (spec §1: the first host segment names it). */
export function tenantHost(tenantId: TenantId): string {
  return tenantId === 'waratah' ? 'localhost:8080' : `${tenantId}.localhost:8080`;
}

/**
 * An admin user of a tenant (by default an adviser whose practice is enabled), signed in through
 * the real `POST /oauth/admin/token`, for tests of routes that need credentials.
 */
export async function createSignedInAdminUser(
  app: FastifyInstance,
  options: SignedInAdminUserOptions = {},
): Promise<SignedInAdminUser> {
  const tenantId = options.tenantId ?? 'moneypartner';
  const kind = options.kind ?? 'adviser';
  const password = options.password ?? 'Signed-In-Test-Adviser-42';
  const partyStatus =
    options.externalPartyStatus === undefined
      ? kind === 'adviser'
        ? 'enabled'
        : null
      : options.externalPartyStatus;
  const { adminUser, externalParty } = await createTestAdviser(app.database.db, {
    tenantId,
    kind,
    password,
    practiceStatus: partyStatus,
    ...(options.email === undefined ? {} : { email: options.email }),
    ...(options.givenName === undefined ? {} : { givenName: options.givenName }),
    ...(options.familyName === undefined ? {} : { familyName: options.familyName }),
    ...(options.permissions === undefined ? {} : { permissions: options.permissions }),
  });

  const host = tenantHost(tenantId);
  const response = await adminPasswordSignIn(app, { host, email: adminUser.email, password });
  if (response.statusCode !== 200)
    throw new Error(`Sign-in failed (${response.statusCode}): ${response.body}`);
  const token = tokenResponseSchema.parse(response.json());
  const refreshToken = token.refresh_token ?? '';
  return {
    adminUser,
    externalParty,
    password,
    accessToken: token.access_token,
    refreshToken,
    headers: { host, authorization: `Bearer ${token.access_token}` },
  };
}

/**
 * An adviser's or operator's password sign-in (`POST oauth/admin/token`, the portal's grant) on a
 * tenant's host: the answer as it came, refusals included.
 */
export function adminPasswordSignIn(
  app: FastifyInstance,
  signIn: { host: string; email: string; password: string },
) {
  return passwordGrant(app, '/oauth/admin/token', signIn);
}

/**
 * A client's password sign-in (`POST oauth/token`) on a tenant's host, with the scope asked for
 * (empty: the whole account): the answer as it came, refusals included.
 */
export function clientPasswordSignIn(
  app: FastifyInstance,
  signIn: { host: string; email: string; password: string; scope?: string },
) {
  return passwordGrant(app, '/oauth/token', signIn);
}

/** The password grant posted to a token endpoint with the tenant's OAuth client, as the portal posts it. */
function passwordGrant(
  app: FastifyInstance,
  url: '/oauth/admin/token' | '/oauth/token',
  signIn: { host: string; email: string; password: string; scope?: string },
) {
  const { oauth } = resolveTenant({ host: signIn.host }).envConfig;
  return app.inject({
    method: 'POST',
    url,
    headers: { host: signIn.host },
    payload: {
      grant_type: 'password',
      username: signIn.email,
      password: signIn.password,
      client_id: oauth.clientId,
      domain: oauth.domain,
      scope: signIn.scope ?? '',
    },
  });
}

/**
 * `POST adminusers/invite` by an adviser (a colleague of its practice) or an operator (another
 * operator), its e-mail sent: the invitee Pia Invited's account waits, unverified and without a
 * password, for the invitation's link.
 */
export async function inviteAdminUser(
  app: FastifyInstance,
  inviter: SignedInAdminUser,
  email: string,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/adminusers/invite',
    headers: inviter.headers,
    payload: { email, given_name: 'Pia', family_name: 'Invited' },
  });
  if (response.statusCode !== 202)
    throw new Error(`the invitation answered ${response.statusCode}: ${response.body}`);
  await accountMailSettled(app);
}
