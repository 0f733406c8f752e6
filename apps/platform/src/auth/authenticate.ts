import { apiHeaders } from '@waratah/contracts';
import { type Environment, environments, getTenant, tenantIds } from '@waratah/tenants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { isUnder, pathOf } from '../routing/paths.ts';
import { requestHostTenant } from '../tenancy/host-tenant.ts';
import { requestTenancy } from '../tenancy/request-tenancy.ts';
import { insufficientScope } from './bearer-token-resolver.ts';
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
      assertOpenToCaller(request, principal);
      request.principal = callingFrom(principal, request.ip);
      return;
    }
  });
}

/**
 * A consents-only token (a sign-in that asked `scope=consents`, or any token of a suspended client)
 * reaches only the client's consents and what any caller may read (the public config), so that a
 * suspension never keeps a client from withdrawing one while a practice goes on reading their
 * data (before 2026-12-02 it did). Elsewhere it is 403 `insufficient_scope` (RFC 6750 §3.1): the
 * token is good, and signing in again for the same scope would not help (before 2026-12-02 it was
 * 401, as a dead token is, which tells a caller to sign in again).
 */
function assertOpenToCaller(request: FastifyRequest, principal: Principal): void {
  if (principal.kind !== 'client' || principal.consentsOnly !== true) return;
  if (request.routeOptions.config?.openToConsentsScope === true) return;
  throw insufficientScope();
}

function assertSameTenant(request: FastifyRequest, principal: Principal): void {
  const named = namedTenant(request);
  if (named === undefined) return;
  if (named !== principal.tenantId)
    throw new AppError('unauthorised', `These credentials are not valid for tenant '${named}'`);
  assertSameEnvironment(request, principal);
}

/** Each tenant's portal client ids and the environments they are for, worked out once. */
const environmentsOfClient = new Map<string, Environment[]>();
for (const tenantId of tenantIds) {
  const tenant = getTenant(tenantId);
  for (const environment of environments) {
    const clientId = tenant.envConfig[environment]?.oauth.clientId;
    if (clientId === undefined) continue;
    const key = `${tenantId} ${clientId}`;
    environmentsOfClient.set(key, [...(environmentsOfClient.get(key) ?? []), environment]);
  }
}

/**
 * A bearer token issued to one environment's portal (its `client_id`) is refused on another
 * environment of the tenant: the environment decides the feature switches an operator set, and
 * before 2026-12-02 a production token sent with a sandbox host was served under the sandbox's.
 * A token of a client no environment names (a service client) is not tied to one. The single
 * sign-on cookie is tied by its issuer (`sso-cookie-resolver.ts`).
 */
function assertSameEnvironment(request: FastifyRequest, principal: Principal): void {
  if (principal.via !== 'bearer' || principal.issuedTo === undefined) return;
  const issuedIn = environmentsOfClient.get(`${principal.tenantId} ${principal.issuedTo}`) ?? [];
  if (issuedIn.length === 0 || issuedIn.includes(requestTenancy(request).environment)) return;
  throw new AppError('unauthorised', 'These credentials are not valid for this environment of the portal');
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
