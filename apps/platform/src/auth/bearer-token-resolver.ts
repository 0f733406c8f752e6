import type { TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { CredentialResolver } from './credential-resolver.ts';
import type { Principal } from './principal.ts';
import type { StoredToken, TokenRepository } from './tokens/token-repository.ts';

const bearer = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

export function invalidAccessToken(): AppError {
  return new AppError('invalid_access_token', 'The access token is invalid, has expired or was revoked');
}

/** `Authorization: Bearer <opaque token>` from `/oauth/token` or `/oauth/admin/token` (DESIGN §3). */
export function createBearerTokenResolver(db: Kysely<Database>, tokens: TokenRepository): CredentialResolver {
  return {
    async resolve(request: FastifyRequest): Promise<Principal | null> {
      const header = request.headers.authorization;
      if (header === undefined || !/^Bearer\b/i.test(header)) return null;
      const secret = bearer.exec(header)?.[1];
      if (!secret) throw invalidAccessToken();
      const token = await tokens.findAccessToken(secret);
      if (!token) throw invalidAccessToken();
      const principal = await principalOf(db, token);
      if (!principal) throw invalidAccessToken();
      return principal;
    },
  };
}

// The subject is read afresh on every request, so suspending a user takes effect at once.
async function principalOf(db: Kysely<Database>, token: StoredToken): Promise<Principal | null> {
  const tenantId = token.tenant_id as TenantId;
  if (token.subject_kind === 'client') {
    const client = await db
      .selectFrom('clients')
      .select(['id', 'status'])
      .where('id', '=', token.subject_id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!client || client.status === 'suspended') return null;
    return { kind: 'client', tenantId, clientId: client.id, via: 'bearer' };
  }
  const user = await db
    .selectFrom('admin_users')
    .select(['id', 'kind', 'status', 'external_party_id'])
    .where('id', '=', token.subject_id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (user?.status !== 'active') return null;
  return {
    kind: 'admin_user',
    tenantId,
    adminUserId: user.id,
    role: user.kind,
    externalPartyId: user.external_party_id,
    via: 'bearer',
  };
}
