import type { FastifyInstance } from 'fastify';
import { adviserClaims } from '../accounts/adviser-account.ts';
import type { IdentityService } from '../identity-service.ts';
import { requestLocation, singleValue, tenantIdentityFor } from '../routes/tenant-identity-for.ts';
import { providerTokenRequest } from './provider-token-request.ts';
import { clientRefusal } from './start-authorization.ts';
import {
  clearTokenCookies,
  cookieScope,
  setTokenCookies,
  type TokenResponse,
  tokenCookies,
} from './token-cookies.ts';
import { adviserFromCookie } from './verify-access-token.ts';

/**
 * The calls the portal's hosted-backend client makes with credentials: `GET /app/me/` (the user info, roles included)
 * and `POST /app/refresh/?client_id=…` (new tokens in rotated cookies). Errors are RFC 6749-shaped: a
 * refused token is 401, a failure of the service's own (its database) 503 or 500, never a 401.
 */
export async function sessionRoutes(app: FastifyInstance, { identity }: { identity: IdentityService }) {
  // An identity on a host of its own is called across origins, with credentials, by the portal's hosted-backend client.
  app.addHook('onSend', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    const tenantIdentity = await identity.tenantIdentity(requestLocation(request));
    if (!tenantIdentity?.origins.includes(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    // The portal reads the provider's clock from `Date`, so that a page whose clock runs slow refreshes
    // in time, and when to try a refresh refused with 503 again from `Retry-After` (which a page on
    // another origin could not read before 2026-12-03: it fell back to one try halfway to the expiry).
    reply.header('access-control-expose-headers', 'Date, Retry-After');
    reply.header('vary', 'Origin');
  });

  app.get('/app/me/', async (request, reply) => {
    const tenantIdentity = await tenantIdentityFor(identity, request, reply);
    if (!tenantIdentity) return reply;
    reply.header('cache-control', 'no-store');
    const adviser = await adviserFromCookie(identity, tenantIdentity, request);
    if (!adviser) {
      return reply
        .code(401)
        .send({ error: 'invalid_token', error_description: 'No valid access token (app.at) was sent.' });
    }
    return reply.send({ ...adviserClaims(adviser), applicationId: tenantIdentity.clientId });
  });

  app.post('/app/refresh/', async (request, reply) => {
    const tenantIdentity = await tenantIdentityFor(identity, request, reply);
    if (!tenantIdentity) return reply;
    reply.header('cache-control', 'no-store');
    const refusal = clientRefusal(tenantIdentity, singleValue(request.query, 'client_id'));
    if (refusal) return reply.code(400).send({ error: 'invalid_client', error_description: refusal });
    const refreshToken = request.cookies[tokenCookies.refreshToken];
    if (!refreshToken) {
      return reply
        .code(400)
        .send({ error: 'invalid_request', error_description: 'No refresh token (app.rt) was sent.' });
    }
    const answer = await providerTokenRequest(app, request, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: tenantIdentity.clientId,
    });
    const scope = cookieScope(request, tenantIdentity);
    // The provider failed (its store, the database): the refresh token may be fine, so the cookies
    // stay and the portal may ask again. Before 2026-12-03 this was a 401 that cleared them, and
    // signed the adviser out.
    if (answer.status >= 500) {
      return reply.code(503).header('retry-after', '1').send({
        error: 'temporarily_unavailable',
        error_description: 'The tokens could not be refreshed just now. Please try again shortly.',
      });
    }
    // The provider refused the refresh token (`invalid_grant`: spent, revoked, expired) or the request.
    if (answer.status !== 200) {
      clearTokenCookies(reply, scope);
      return reply.code(401).send({
        error: String(answer.body.error ?? 'invalid_grant'),
        error_description: String(answer.body.error_description ?? 'The refresh token was refused.'),
      });
    }
    setTokenCookies(reply, answer.body as unknown as TokenResponse, scope);
    return reply.code(200).send();
  });
}
