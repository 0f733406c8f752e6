import { apiHeaders } from '@waratah/contracts';
import { type IdentityService, sessionEnded, signingAlgorithm, tokenCookies } from '@waratah/identity';
import { signInServerOf, type TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { type Kysely, sql } from 'kysely';
import type { PlatformConfig } from '../config/env.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { hostTenant } from '../tenancy/host-tenant.ts';
import { requestTenancy } from '../tenancy/request-tenancy.ts';
import type { CredentialResolver } from './credential-resolver.ts';
import type { Principal } from './principal.ts';

/** Where SSO access tokens are verified: their signing keys, and the issuer and audience they must name. */
export interface SsoTokenSource {
  keys: JWTVerifyGetKey;
  issuer(request: FastifyRequest, tenantId: TenantId): string;
  audience: string;
}

const tenantHeader = apiHeaders.tenantId.toLowerCase();

/**
 * The built-in identity's keys, read in process (no call to ourselves); or, when SSO_JWKS_URL,
 * SSO_ISSUER and SSO_AUDIENCE are set, an external provider's (a real FusionAuth) over its JWKS URL.
 */
export function ssoTokenSource(
  config: Pick<PlatformConfig, 'externalSso'>,
  identity: IdentityService,
): SsoTokenSource {
  const external = config.externalSso;
  if (external) {
    return {
      keys: createRemoteJWKSet(new URL(external.jwksUrl)),
      issuer: () => external.issuer,
      audience: external.audience,
    };
  }
  return {
    keys: async (header, token) => createLocalJWKSet(await identity.publicJwks())(header, token),
    issuer: (request, tenantId) => identity.issuerFor(issuingLocation(request, tenantId)),
    audience: identity.audience,
  };
}

/**
 * Where the identity that issued a request's tokens is reached: on a local host, the request's own
 * origin (one process serves the pages, the API and the identity); hosted, the tenant environment's
 * sign-in server (`fusionAuth.serverUrl`, e.g. `https://auth.waratah.com.au`), whose host names the
 * tokens it issues, not the API's host the request came to. Before 2026-11-30 the API's host was
 * expected, so every hosted API call with a signed-in cookie was refused.
 */
function issuingLocation(request: FastifyRequest, tenantId: TenantId): { host: string; protocol: string } {
  const local = { host: request.host, protocol: `${request.protocol}:` };
  if (hostTenant(request).isLocalHost) return local;
  // The environment whose hosts (portal, API, sign-in server) include the request's, looked up in a
  // map built once: an API host resolves to no environment of its own in the portal's resolution.
  const server = signInServerOf(request.host);
  return server?.tenantId === tenantId ? server : local;
}

/**
 * The identity's JWT access token in the `app.at` cookie (DESIGN §3): signature, issuer, audience
 * and expiry checked, then its subject mapped to an active admin user of the request's tenant, in
 * the statement that checks the session it was issued under (its `sid`) was not ended since: signed
 * out, or ended by a password change in another browser (the identity's tombstones). A forged,
 * foreign, expired or ended token is refused (401), never treated as anonymous.
 */
export function createSsoCookieResolver(db: Kysely<Database>, source: SsoTokenSource): CredentialResolver {
  return {
    async resolve(request: FastifyRequest): Promise<Principal | null> {
      const token = request.cookies[tokenCookies.accessToken];
      if (!token) return null;
      // Only a tenant that signs in with single sign-on takes the cookie: an external provider's
      // token is matched by e-mail, which must not reach a password tenant's admin of that address.
      // Another tenant ignores it rather than refusing the request: hosted, the cookie is set on the
      // SSO environment's parent domain (`sharedCookieDomainOf`), and should a deployment put
      // another tenant's host under it, that tenant's anonymous calls (its sign-in page's) must
      // still work for a browser that holds it.
      const { tenant, environment } = requestTenancy(request);
      if (!tenant.envConfig[environment]?.fusionAuth?.enabled) return null;
      if (!request.headers[tenantHeader]) {
        const message = `${apiHeaders.tenantId} is required with single sign-on`;
        throw new AppError('bad_header', message, {
          fields: [{ field: `headers.${tenantHeader}`, message }],
        });
      }
      const claims = await verifiedClaims(token, source, request, tenant.id);
      const user = await findSubject(db, tenant.id, claims);
      if (user?.status !== 'active')
        throw invalidAccessToken(
          'The access token names no active adviser of this tenant, or its sign-in has ended',
        );
      return {
        kind: 'admin_user',
        tenantId: tenant.id,
        adminUserId: user.id,
        role: user.kind,
        externalPartyId: user.external_party_id,
        via: 'sso_cookie',
      };
    },
  };
}

async function verifiedClaims(
  token: string,
  source: SsoTokenSource,
  request: FastifyRequest,
  tenantId: TenantId,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, source.keys, {
      issuer: source.issuer(request, tenantId),
      audience: source.audience,
      algorithms: [signingAlgorithm, 'RS256'],
      requiredClaims: ['sub', 'exp'],
    });
    return payload;
  } catch (error) {
    throw invalidAccessToken('The access token is invalid or has expired', error);
  }
}

/**
 * Our identity's subject is the admin user's id; another provider's (FusionAuth: a UUID) is matched
 * by e-mail, and only by an address the provider says it checked (`email_verified: true`): a
 * provider that lets anyone register an address would otherwise hand out its owner's account. A
 * token naming an ended session (`sid`: our identity's, or any provider's sharing the database)
 * finds no one.
 */
function findSubject(db: Kysely<Database>, tenantId: string, claims: JWTPayload) {
  const sid = typeof claims.sid === 'string' && claims.sid !== '' ? claims.sid : undefined;
  const query = db
    .selectFrom('admin_users')
    .select(['id', 'kind', 'status', 'external_party_id'])
    .where('tenant_id', '=', tenantId)
    .$if(sid !== undefined, (q) => q.where(sql<boolean>`not ${sessionEnded(sid ?? '')}`));
  if (claims.sub && /^\d{1,9}$/.test(claims.sub))
    return query.where('id', '=', Number(claims.sub)).executeTakeFirst();
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
  if (!email || claims.email_verified !== true) return Promise.resolve(undefined);
  return query.where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
}

function invalidAccessToken(message: string, cause?: unknown): AppError {
  return new AppError('invalid_access_token', message, { cause });
}
