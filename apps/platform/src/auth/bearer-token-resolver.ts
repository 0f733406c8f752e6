import type { TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { CredentialResolver } from './credential-resolver.ts';
import type { Principal } from './principal.ts';
import type { TokenRepository } from './tokens/token-repository.ts';

const bearer = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

export function invalidAccessToken(): AppError {
  return new AppError('invalid_access_token', 'The access token is invalid, has expired or was revoked');
}

type TokenSubjectRow = NonNullable<Awaited<ReturnType<TokenRepository['findAccessTokenSubject']>>>;

/**
 * `Authorization: Bearer <opaque token>` from `/oauth/token` or `/oauth/admin/token` (DESIGN §3).
 * The token and its subject are read together, afresh on every request, so suspending a user
 * takes effect at once.
 */
export function createBearerTokenResolver(tokens: TokenRepository): CredentialResolver {
  return {
    async resolve(request: FastifyRequest): Promise<Principal | null> {
      const header = request.headers.authorization;
      if (header === undefined || !/^Bearer\b/i.test(header)) return null;
      const secret = bearer.exec(header)?.[1];
      if (!secret) throw invalidAccessToken();
      const row = await tokens.findAccessTokenSubject(secret);
      const principal = row && principalOf(row);
      if (!principal) throw invalidAccessToken();
      return principal;
    },
  };
}

function principalOf(row: TokenSubjectRow): Principal | null {
  const tenantId = row.tenant_id as TenantId;
  if (row.subject_kind === 'client') {
    if (row.client_id === null || row.client_status === 'suspended') return null;
    return { kind: 'client', tenantId, clientId: row.client_id, via: 'bearer' };
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
  };
}
