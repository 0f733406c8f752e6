import type { FastifyInstance } from 'fastify';
import type { IdentityService } from '../identity-service.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { portalUrlOf } from '../routes/client-tenant-for.ts';
import { singleValue, tenantIdentityFor } from '../routes/tenant-identity-for.ts';
import { hostedLoginCookie, isHostedLoginId, takeHostedLogin } from './hosted-login.ts';
import { providerTokenRequest } from './provider-token-request.ts';
import { cookieScope, setTokenCookies, type TokenResponse } from './token-cookies.ts';

/**
 * `/app/callback/`: the provider's redirect back. Exchanges the code (with the PKCE verifier kept
 * at the start), sets the hosted-backend cookies and returns the browser to the portal's
 * redirect_uri with the portal's state.
 */
export async function callbackRoute(app: FastifyInstance, { identity }: { identity: IdentityService }) {
  app.get('/app/callback/', async (request, reply) => {
    const tenantIdentity = await tenantIdentityFor(identity, request, reply);
    if (!tenantIdentity) return reply;
    const { tenant, origin, clientId } = tenantIdentity;
    const state = singleValue(request.query, 'state');
    // This sign-in's own cookie: another tab's sign-in, started meanwhile, keeps its own.
    const cookie = state !== undefined && isHostedLoginId(state) ? hostedLoginCookie(state) : undefined;
    const bound = cookie === undefined ? undefined : request.cookies[cookie];
    const login = state && state === bound ? await takeHostedLogin(identity.db, state) : undefined;
    if (cookie !== undefined && bound !== undefined) reply.clearCookie(cookie, { path: '/app/callback/' });
    if (!login) {
      const message = 'This sign-in has expired or was started in another browser. Please start again.';
      return sendPage(reply, renderErrorPage(tenant, message, portalUrlOf(tenantIdentity)), 400);
    }
    const code = singleValue(request.query, 'code');
    if (!code) {
      const reason = singleValue(request.query, 'error_description') ?? 'Sign-in did not complete.';
      return sendPage(reply, renderErrorPage(tenant, reason, login.redirectUri), 400);
    }

    const answer = await providerTokenRequest(app, request, '/oauth2/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${origin}/app/callback/`,
      client_id: clientId,
      code_verifier: login.codeVerifier,
    });
    if (answer.status !== 200) {
      const reason = String(
        answer.body.error_description ?? answer.body.error ?? 'The sign-in code was refused.',
      );
      return sendPage(reply, renderErrorPage(tenant, reason, login.redirectUri), 400);
    }
    setTokenCookies(reply, answer.body as unknown as TokenResponse, cookieScope(request, tenantIdentity));
    const back = new URL(login.redirectUri);
    if (login.state !== undefined) back.searchParams.set('state', login.state);
    return reply.header('cache-control', 'no-store').redirect(back.toString(), 302);
  });
}
