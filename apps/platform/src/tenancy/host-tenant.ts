import { type ResolvedTenant, resolveApiHost, resolveTenant } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import type { PlatformConfig } from '../config/env.ts';

/** Hosts remembered; a request's Host is the caller's to choose, so the memory is bounded. */
export const rememberedHosts = 256;

const byHost = new Map<string, ResolvedTenant>();

/**
 * What decides whether a server takes local hosts: its NODE_ENV, unless its configuration says
 * outright (`localHosts`, where a configuration has it).
 */
export type LocalHostsConfig = Pick<PlatformConfig, 'nodeEnv'> & { localHosts?: boolean };

/** A request as far as its host's tenant goes: its Host, its scheme and the server it came to. */
export type HostRequest = Pick<FastifyRequest, 'host' | 'protocol'> & {
  server?: { config?: LocalHostsConfig };
};

/**
 * Whether a server takes a local host (`localhost`, `*.localhost`, a loopback address) as the
 * tenant it names: every server but a production one (NODE_ENV=production), which takes only the
 * hosts its tenants configure. `*.localhost` is a name a caller may put in any Host header, and
 * resolves to the reader's own machine: before 2026-12-04 a production server took
 * `Host: waratah.localhost` as waratah's local portal, and e-mailed reset and invitation links
 * to `http://waratah.localhost/…` (`mail/portal-origin.ts`) and set and read the refresh token's
 * cookie for pages of that origin.
 */
export function localHostsServed(config: LocalHostsConfig): boolean {
  return config.localHosts ?? config.nodeEnv !== 'production';
}

/**
 * `localHostsServed` for the server a request came to; a request without the platform's
 * configuration (a unit test's stand-in: every platform and standalone identity server has one)
 * is a development server's.
 */
export function servesLocalHosts(request: { server?: { config?: LocalHostsConfig } }): boolean {
  const config = request.server?.config;
  return config === undefined || localHostsServed(config);
}

// What a host no tenant configured resolves to (one that names no host at all): the default
// tenant, unmatched.
const unclaimed = resolveTenant({ host: '' });

/**
 * The tenant and environment a request's host resolves to (`resolveTenant`, spec §1), resolved once
 * per protocol and host: a request asked it two and three times (tenancy, authentication, OAuth),
 * and each resolution parsed the host and copied a local tenant's configuration. On a server that
 * takes no local hosts (`servesLocalHosts`: production) a local host is a host no tenant
 * configured. The answer is shared, so it is not to be changed.
 */
export function hostTenant(request: HostRequest): ResolvedTenant {
  const resolved = resolvedHost(request);
  return resolved.isLocalHost && !servesLocalHosts(request) ? unclaimed : resolved;
}

function resolvedHost(request: HostRequest): ResolvedTenant {
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
export function requestHostTenant(request: HostRequest): ResolvedTenant {
  const resolved = hostTenant(request);
  if (resolved.matched) return resolved;
  return resolveApiHost(request.host) ?? resolved;
}
