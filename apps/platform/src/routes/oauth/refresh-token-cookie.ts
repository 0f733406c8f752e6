import { type RefreshTokenDelivery, refreshTokenDeliveries, type TokenRequest } from '@waratah/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostOf } from '../../mail/portal-origin.ts';
import { hostTenant } from '../../tenancy/host-tenant.ts';
import type { TokenAudience } from './grants/token-audience.ts';
import { OAuthError } from './oauth-error.ts';
import type { OAuthClient } from './resolve-oauth-client.ts';

/**
 * The portal's refresh token lives in an HttpOnly cookie (docs/authentication.md): no script on the
 * page can read it. One per token endpoint, so an adviser's and a client's sign-in in one browser
 * do not overwrite each other. Over HTTPS its name has the `__Host-` prefix, which the browser
 * accepts only from this very host (Secure, `Path=/`, no Domain): a page on a sibling host of the
 * same site cannot plant its own refresh token for the portal to spend. Over plain HTTP (a local
 * host) no such prefix is allowed, and the cookie goes to `/oauth` only.
 */
const cookieNames: Record<TokenAudience, string> = {
  admin: 'waratah-admin-refresh',
  user: 'waratah-refresh',
};

export function refreshTokenCookieName(request: FastifyRequest, audience: TokenAudience): string {
  return request.protocol === 'https' ? `__Host-${cookieNames[audience]}` : cookieNames[audience];
}

/** `refresh_token_delivery` read: `body` when absent; another value is `invalid_request`. */
export function refreshTokenDelivery(body: TokenRequest): RefreshTokenDelivery {
  const asked = body.refresh_token_delivery;
  if (asked === undefined || asked === '') return 'body';
  const known = refreshTokenDeliveries.find((delivery) => delivery === asked);
  if (!known)
    throw new OAuthError(
      'invalid_request',
      `refresh_token_delivery must be one of ${refreshTokenDeliveries.join(', ')}`,
    );
  return known;
}

/**
 * A cookie is set or read only for a request from the OAuth client's own portal, through a host
 * that serves that portal: its `Origin` must be (a) this host's own origin, where this host is the
 * client's tenant's portal (one process serves the portal and the API: a local host, or a portal
 * domain), or (b) the portal domain of the client's environment whose API host this is (the
 * secondary domain through the secondary API host). A browser always sends Origin with a POST, so
 * a form on another page, a sibling host of the same site or another tenant's portal can neither
 * sign a visitor's portal into another account nor spend or clear their cookie.
 */
export function requirePortalOrigin(request: FastifyRequest, client: OAuthClient): void {
  if (!isPortalOrigin(request, client))
    throw new OAuthError(
      'invalid_request',
      "The refresh token cookie is only for the tenant's portal: the request's Origin must be the portal's",
    );
}

export function isPortalOrigin(request: FastifyRequest, client: OAuthClient): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const served = hostTenant(request);
  if (
    served.matched &&
    served.tenant.id === client.tenant.id &&
    origin === `${request.protocol}://${request.host}`
  )
    return true;
  const envConfig = client.tenant.envConfig[client.environment];
  if (!envConfig) return false;
  const hostname = request.hostname.toLowerCase();
  return (
    (hostname === hostOf(envConfig.api.hostUrl) && origin === `https://${envConfig.hostedDomain}`) ||
    (hostname === hostOf(envConfig.api.secondaryHostUrl) &&
      origin === `https://${envConfig.secondaryHostedDomain}`)
  );
}

/**
 * The refresh token's cookie, kept by the browser for as long as the token lives (`maxAgeSeconds`,
 * the token answer's `refreshExpiresIn`): no longer than its sign-in, which a refresh does not
 * lengthen (`token-repository.ts`, `Lineage.endsAt`). Before 2026-12-03 each refresh set it to the
 * whole refresh token lifetime again.
 */
export function setRefreshTokenCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  audience: TokenAudience,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(refreshTokenCookieName(request, audience), token, {
    path: oauthCookiePath(request),
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.max(0, maxAgeSeconds),
  });
}

export function clearRefreshTokenCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  audience: TokenAudience,
): void {
  reply.clearCookie(refreshTokenCookieName(request, audience), {
    path: oauthCookiePath(request),
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

/** Where the token endpoints' cookies go: every path over HTTPS (`__Host-`), else `/oauth` only. */
export function oauthCookiePath(request: FastifyRequest): string {
  return request.protocol === 'https' ? '/' : '/oauth';
}
