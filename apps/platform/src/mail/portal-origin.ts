import {
  defaultTenantId,
  type EnvConfig,
  environments,
  getTenant,
  isLocalHost,
  isTenantId,
  type TenantId,
} from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';

/**
 * Where a tenant's portal lives, for links in its e-mails. On a local host: the page's own origin,
 * or the tenant's `*.localhost` sibling when the request named another tenant. Elsewhere: the
 * hosted domain of the environment whose portal or API host the request came through (the
 * secondary domain through the secondary API host), else the tenant's first environment.
 */
export function portalOrigin(request: FastifyRequest, tenantId: TenantId): string {
  const hostname = request.hostname.toLowerCase();
  if (isLocalHost(hostname)) {
    const port = request.port ? `:${request.port}` : '';
    const segment = hostname.split('.')[0] ?? '';
    const hostTenant = isTenantId(segment) ? segment : defaultTenantId;
    const name =
      hostTenant === tenantId ? hostname : `${tenantId === defaultTenantId ? '' : `${tenantId}.`}localhost`;
    return `${request.protocol}://${name}${port}`;
  }
  const configs = [...environments]
    .reverse()
    .flatMap((environment) => getTenant(tenantId).envConfig[environment] ?? []);
  for (const envConfig of configs) {
    const secondary = [envConfig.secondaryHostedDomain, hostOf(envConfig.api.secondaryHostUrl)].includes(
      hostname,
    );
    const primary = [envConfig.hostedDomain, hostOf(envConfig.api.hostUrl)].includes(hostname);
    if (primary || secondary)
      return `https://${secondary ? envConfig.secondaryHostedDomain : envConfig.hostedDomain}`;
  }
  const fallback: EnvConfig | undefined = configs[0];
  return `https://${fallback?.hostedDomain ?? hostname}`;
}

/** The lower-case host name of a configured URL; empty for one that does not parse. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.toLowerCase() : '';
}
