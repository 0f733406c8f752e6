import {
  defaultTenantId,
  environments,
  getTenant,
  isLocalHost,
  isTenantId,
  type TenantId,
} from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { servesLocalHosts } from '../tenancy/host-tenant.ts';

/**
 * Where a tenant's portal lives, for links in its e-mails. On a local host of a server that takes
 * them (`servesLocalHosts`: not in production): the page's own origin, or the tenant's
 * `*.localhost` sibling when the request named another tenant. Elsewhere, and on any host in
 * production: a configured origin only, the hosted domain of the tenant's environment whose portal
 * or API host the request came through (the secondary domain through the secondary API host), else
 * the tenant's first environment's. Before 2026-12-04 a production server took a local host too,
 * so `Host: waratah.localhost` had it e-mail reset and invitation links to
 * `http://waratah.localhost/…`.
 */
export function portalOrigin(request: FastifyRequest, tenantId: TenantId): string {
  const hostname = request.hostname.toLowerCase();
  if (isLocalHost(hostname) && servesLocalHosts(request)) {
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
  // Never the request's own host: it is the caller's to choose.
  const fallback = configs[0];
  if (!fallback) throw new Error(`Tenant ${tenantId} has no environment configured`);
  return `https://${fallback.hostedDomain}`;
}

/** The lower-case host name of a configured URL; empty for one that does not parse. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.toLowerCase() : '';
}
