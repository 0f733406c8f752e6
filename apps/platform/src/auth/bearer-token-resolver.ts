import type { TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { mayStartUnconfirmed } from './confirm-principal.ts';
import type { CredentialResolver } from './credential-resolver.ts';
import type { Principal } from './principal.ts';
import { createRecentPrincipals, type RecentPrincipals } from './tokens/recent-principals.ts';
import type { TokenRepository } from './tokens/token-repository.ts';
import { hashTokenSecret } from './tokens/token-secret.ts';

const bearer = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

export function invalidAccessToken(): AppError {
  return new AppError('invalid_access_token', 'The access token is invalid, has expired or was revoked');
}

/** A consents-only token on a route it does not reach (`authenticate.ts`). */
export function insufficientScope(): AppError {
  return new AppError('insufficient_scope', 'This sign-in reaches only the client’s consents');
}

/** How many recently looked-up tokens each platform process keeps, and for how long. */
export const recentPrincipalLimits = { capacity: 10_000, ttlMs: 5 * 60_000 };

type TokenSubjectRow = NonNullable<Awaited<ReturnType<TokenRepository['findAccessTokenSubject']>>>;

/**
 * `Authorization: Bearer <opaque token>` from `/oauth/token` or `/oauth/admin/token` (DESIGN §3).
 * The token and its subject are read together, afresh on every request, so suspending a user or
 * revoking a token takes effect at once. One exception saves a round trip and keeps that promise:
 * a GET route that declares `confirmsCaller` may start from the admin user the token named when it
 * was last looked up (`recent`); `resolveClientScope` then checks the token in the same statement as
 * the client access check and its audit row, and the error handler (or, failing all else, the last
 * hook before sending) looks it up before anything is answered (`confirm-principal.ts`).
 */
export function createBearerTokenResolver(
  tokens: TokenRepository,
  recent: RecentPrincipals = createRecentPrincipals(recentPrincipalLimits),
): CredentialResolver {
  async function lookUp(tokenHash: string): Promise<Principal> {
    const row = await tokens.findAccessTokenSubject(tokenHash);
    const principal = row && principalOf(row);
    if (!principal) {
      recent.forget(tokenHash);
      throw invalidAccessToken();
    }
    if (principal.kind === 'admin_user') recent.remember(tokenHash, principal);
    return principal;
  }

  return {
    async resolve(request: FastifyRequest): Promise<Principal | null> {
      const header = request.headers.authorization;
      if (header === undefined || !/^Bearer\b/i.test(header)) return null;
      const secret = bearer.exec(header)?.[1];
      if (!secret) throw invalidAccessToken();
      const tokenHash = hashTokenSecret(secret);
      const seen = mayStartUnconfirmed(request) ? recent.find(tokenHash) : undefined;
      if (seen === undefined) return lookUp(tokenHash);
      request.unconfirmedPrincipal = {
        confirm: () => lookUp(tokenHash),
        tokenHash,
      };
      return seen;
    },
  };
}

function principalOf(row: TokenSubjectRow): Principal | null {
  const tenantId = row.tenant_id as TenantId;
  if (row.subject_kind === 'client') {
    if (row.client_id === null) return null;
    // Issued for less than the whole account (the consents alone: a scope this release does not
    // know, written by a newer one, is read as no more), or its client suspended since: the
    // authenticate hook lets it reach only the client's consents and the public config (2026-12-02).
    const consentsOnly = row.scope !== null || row.client_status === 'suspended';
    return {
      kind: 'client',
      tenantId,
      clientId: row.client_id,
      ...(consentsOnly ? { consentsOnly: true as const } : {}),
      via: 'bearer',
      issuedTo: row.oauth_client_id,
    };
  }
  if (row.admin_user_id === null || row.admin_user_kind === null || row.admin_user_status !== 'active')
    return null;
  return {
    kind: 'admin_user',
    tenantId,
    adminUserId: row.admin_user_id,
    role: row.admin_user_kind,
    externalPartyId: row.external_party_id,
    via: 'bearer',
    issuedTo: row.oauth_client_id,
  };
}
