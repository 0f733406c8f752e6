import type { Environment } from '@waratah/tenants';
import { environments, type TenantConfig, tenantIds, tenants } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { hostTenant } from '../../tenancy/host-tenant.ts';
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
 * be that tenant's; on a shared API host the pair alone picks the tenant.
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

function namesTenant(request: FastifyRequest): boolean {
  if (request.headers['x-tenant-id'] !== undefined) return true;
  return hostTenant(request).matched;
}

function allTenantEnvironments() {
  return tenantIds.flatMap((id) =>
    environments
      .filter((environment) => tenants[id].envConfig[environment])
      .map((environment) => ({ tenant: tenants[id], environment })),
  );
}
