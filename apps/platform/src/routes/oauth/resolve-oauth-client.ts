import type { Environment } from '@waratah/tenants';
import { environments, type TenantConfig, tenantIds, tenants } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { requestHostTenant } from '../../tenancy/host-tenant.ts';
import { requestTenancy } from '../../tenancy/request-tenancy.ts';
import { OAuthError } from './oauth-error.ts';

export interface OAuthClient {
  tenant: TenantConfig;
  environment: Environment;
  clientId: string;
}

/**
 * The tenant environment whose `oauth` settings (spec §3 envConfig) the client_id and domain name.
 * When the request itself names a tenant (X-Tenant-Id, or a host that is the tenant's), they must
 * be that tenant's (a tenant's API host names its tenant and environment); on a host that names
 * none (a bare address, a name no tenant configures) the pair alone picks the tenant.
 */
export function resolveOAuthClient(
  request: FastifyRequest,
  clientId: string,
  domain: string | undefined,
): OAuthClient {
  const named = namesTenant(request) ? requestTenancy(request) : undefined;
  const candidates = named ? [named] : allTenantEnvironments();
  for (const { tenant, environment } of candidates) {
    const oauth = tenant.envConfig[environment]?.oauth;
    if (oauth?.clientId !== clientId) continue;
    if (domain !== undefined && oauth.domain !== domain) continue;
    return { tenant, environment, clientId };
  }
  const where = named ? ` for ${named.tenant.name}` : '';
  throw new OAuthError('invalid_client', `Unknown client_id or domain${where}`);
}

// A tenant's API host names its tenant and environment as its portal's host does: a client_id of
// another environment is unknown there (before 2026-12-02 any environment's was taken on an API
// host, and its token was then used with that environment's host).
function namesTenant(request: FastifyRequest): boolean {
  if (request.headers['x-tenant-id'] !== undefined) return true;
  return requestHostTenant(request).matched;
}

function allTenantEnvironments() {
  return tenantIds.flatMap((id) =>
    environments
      .filter((environment) => tenants[id].envConfig[environment])
      .map((environment) => ({ tenant: tenants[id], environment })),
  );
}
