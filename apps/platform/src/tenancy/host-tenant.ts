import { type ResolvedTenant, resolveApiHost, resolveTenant } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';

/** Hosts remembered; a request's Host is the caller's to choose, so the memory is bounded. */
export const rememberedHosts = 256;

const byHost = new Map<string, ResolvedTenant>();

/**
 * The tenant and environment a request's host resolves to (`resolveTenant`, spec §1), resolved once
 * per protocol and host: a request asked it two and three times (tenancy, authentication, OAuth),
 * and each resolution parsed the host and copied a local tenant's configuration. The answer is
 * shared, so it is not to be changed.
 */
export function hostTenant(request: Pick<FastifyRequest, 'host' | 'protocol'>): ResolvedTenant {
  const key = `${request.protocol}//${request.host}`;
  const known = byHost.get(key);
  if (known) return known;
  const resolved = resolveTenant({ host: request.host, protocol: request.protocol });
  if (byHost.size >= rememberedHosts) byHost.delete(byHost.keys().next().value as string);
  byHost.set(key, resolved);
  return resolved;
}

/**
 * The tenant and environment a request to the platform is for by its host alone: `hostTenant`'s
 * where the host serves a tenant's pages (a local host, a portal's domain); else the environment
 * whose hosted API host it is (`api.hostUrl` or `secondaryHostUrl`, `resolveApiHost`), as the
 * portal on another origin calls the API there; else `hostTenant`'s unmatched default. Before
 * 2026-11-30 an API host got that default (waratah's production) too, so a password tenant's portal,
 * which sends no X-Tenant-Id, was answered waratah's config and features, and its registrations and
 * password resets were waratah's. `hostTenant` still answers for the pages a host serves (their
 * security headers, the refresh token cookie's portal): an API host serves none.
 */
export function requestHostTenant(request: Pick<FastifyRequest, 'host' | 'protocol'>): ResolvedTenant {
  const resolved = hostTenant(request);
  if (resolved.matched) return resolved;
  return resolveApiHost(request.host) ?? resolved;
}
