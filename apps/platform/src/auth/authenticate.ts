import { apiHeaders } from '@waratah/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { isUnder, pathOf } from '../routing/paths.ts';
import { requestHostTenant } from '../tenancy/host-tenant.ts';
import type { CredentialResolver } from './credential-resolver.ts';
import { callingFrom, type Principal } from './principal.ts';

const tenantHeader = apiHeaders.tenantId.toLowerCase();

/**
 * Sets `request.principal` on every API request: the first resolver that recognises the
 * request's credentials wins (a bearer token, then whatever the caller appends, such as the SSO
 * cookie); none → anonymous (null). Bad credentials are refused outright, never treated as
 * anonymous, and credentials of another tenant than the one the request names are refused too.
 */
export function registerAuthentication(app: FastifyInstance, resolvers: readonly CredentialResolver[]): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!isUnder(pathOf(request.url), '/api')) return;
    for (const resolver of resolvers) {
      const principal = await resolver.resolve(request);
      if (!principal) continue;
      assertSameTenant(request, principal);
      request.principal = callingFrom(principal, request.ip);
      return;
    }
  });
}

function assertSameTenant(request: FastifyRequest, principal: Principal): void {
  const named = namedTenant(request);
  if (named === undefined || named === principal.tenantId) return;
  throw new AppError('unauthorised', `These credentials are not valid for tenant '${named}'`);
}

// The tenant the request speaks for: X-Tenant-Id, else a host that names one (a local host, a
// portal's domain, or a tenant's hosted API host; before 2026-11-30 an API host named none, so
// another tenant's credentials were taken there). A host that names none leaves the credentials'
// own tenant in charge.
function namedTenant(request: FastifyRequest): string | undefined {
  const header = request.headers[tenantHeader];
  if (typeof header === 'string' && header !== '') return header;
  const resolved = requestHostTenant(request);
  return resolved.matched ? resolved.tenant.id : undefined;
}
