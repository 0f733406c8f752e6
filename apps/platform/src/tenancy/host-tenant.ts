import { type ResolvedTenant, resolveTenant } from '@waratah/tenants';
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
