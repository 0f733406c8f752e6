import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { rememberFormTargets } from '../pages/send-page.ts';
import { isHostHeader } from './host-header.ts';

/** The request's origin as the browser sees it (`trustProxy` decides whether forwarded headers count). */
export function requestLocation(request: FastifyRequest): { host: string; protocol: string } {
  return { host: request.host, protocol: `${request.protocol}:` };
}

/**
 * The SSO tenant a request reaches. A tenant that signs in with passwords has no identity
 * service: it answers 404 as if nothing were mounted, and the caller stops; a Host header that
 * names no host is answered 400.
 */
export async function tenantIdentityFor(
  identity: IdentityService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TenantIdentity | undefined> {
  const location = requestLocation(request);
  if (!isHostHeader(location.host)) {
    await reply.code(400).type('text/plain; charset=utf-8').send('The Host header names no host\n');
    return undefined;
  }
  const tenantIdentity = await identity.tenantIdentity(location);
  if (!tenantIdentity) {
    await reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    return undefined;
  }
  rememberFormTargets(request, tenantIdentity.origins);
  return tenantIdentity;
}

/**
 * One query or form value, only when it was sent exactly once as text without the NUL character
 * (which no address, password rule or id holds, and which the database's text cannot store: such a
 * value is read as missing, so the form says what is wrong with it).
 */
export function singleValue(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && !value.includes('\u0000') ? value : undefined;
}

/** Whether a redirect target is an absolute http(s) URL on one of the tenant's own origins. */
export function isAllowedRedirect(uri: string | undefined, tenantIdentity: TenantIdentity): uri is string {
  if (!uri || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') && tenantIdentity.origins.includes(url.origin)
  );
}
