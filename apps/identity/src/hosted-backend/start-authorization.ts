import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registrationOpen } from '../accounts/registration-open.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { isAllowedRedirect, singleValue, tenantIdentityFor } from '../routes/tenant-identity-for.ts';
import { hostedLoginCookie, hostedLoginTtl, startHostedLogin } from './hosted-login.ts';

const defaultScope = 'openid email profile offline_access adviser';
/** The longest `redirect_uri` and `state` a sign-in keeps until the provider sends the browser back. */
const maxStoredLength = 2048;

/**
 * `/app/login/` and `/app/register/` as a hosted-backend client navigates to them (client_id,
 * redirect_uri, scope, state): start an authorization-code flow with PKCE against the provider,
 * to come back to `/app/callback/`. The PKCE verifier stays on the server.
 */
export async function startAuthorizationRoutes(
  app: FastifyInstance,
  { identity }: { identity: IdentityService },
) {
  app.get('/app/login/', (request, reply) => startAuthorization(identity, request, reply, 'login'));
  app.get('/app/register/', (request, reply) => startAuthorization(identity, request, reply, 'register'));
}

async function startAuthorization(
  identity: IdentityService,
  request: FastifyRequest,
  reply: FastifyReply,
  screen: 'login' | 'register',
): Promise<FastifyReply> {
  const tenantIdentity = await tenantIdentityFor(identity, request, reply);
  if (!tenantIdentity) return reply;
  const redirectUri = singleValue(request.query, 'redirect_uri');
  const refusal = clientRefusal(tenantIdentity, singleValue(request.query, 'client_id'));
  if (refusal) return sendPage(reply, renderErrorPage(tenantIdentity.tenant, refusal), 400);
  if (!isAllowedRedirect(redirectUri, tenantIdentity)) {
    const message = 'The redirect_uri is missing or is not an address of this portal.';
    return sendPage(reply, renderErrorPage(tenantIdentity.tenant, message), 400);
  }
  const state = singleValue(request.query, 'state');
  // Stored for ten minutes for anyone who asks: the portal's own are a few dozen characters.
  if (redirectUri.length > maxStoredLength || (state?.length ?? 0) > maxStoredLength) {
    const message = 'The redirect_uri and the state must each be at most 2,048 characters.';
    return sendPage(reply, renderErrorPage(tenantIdentity.tenant, message), 400);
  }

  const login = await startHostedLogin(identity.db, { redirectUri, state });
  const authorize = new URL(`${tenantIdentity.origin}/oauth2/authorize`);
  authorize.search = new URLSearchParams({
    client_id: tenantIdentity.clientId,
    redirect_uri: `${tenantIdentity.origin}/app/callback/`,
    response_type: 'code',
    scope: singleValue(request.query, 'scope') || defaultScope,
    state: login.id,
    code_challenge: login.codeChallenge,
    code_challenge_method: 'S256',
    // offline_access (the refresh token) is only granted with prompt=consent (OpenID Connect Core §11).
    prompt: 'consent',
    // Registration off for the portal (`ta_register`): the sign-in form instead.
    ...(screen === 'register' &&
      (await registrationOpen(identity, tenantIdentity)) && { screen_hint: 'signup' }),
  }).toString();
  // Binds the sign-in to this browser: a callback carrying someone else's state is refused. A cookie
  // of its own, so that another sign-in started meanwhile (another tab) leaves it be.
  reply.setCookie(hostedLoginCookie(login.id), login.id, {
    path: '/app/callback/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: hostedLoginTtl,
  });
  return reply.header('cache-control', 'no-store').redirect(authorize.toString(), 302);
}

/** Why a client_id is refused, or undefined when it is the tenant's own. */
export function clientRefusal(
  tenantIdentity: TenantIdentity,
  clientId: string | undefined,
): string | undefined {
  if (!clientId) return 'The client_id parameter is missing.';
  if (clientId !== tenantIdentity.clientId)
    return `The client_id '${clientId}' is not known to this sign-in service.`;
  return undefined;
}
