import { type RefreshTokenDelivery, refreshTokenDeliveries, type TokenRequest } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { portalOrigin } from '../../mail/portal-origin.ts';
import type { TokenAudience } from './grants/token-audience.ts';
import { OAuthError } from './oauth-error.ts';

/**
 * The portal's refresh token lives in an HttpOnly cookie (docs/authentication.md): no script on the
 * page can read it, and it goes only to the token and revoke endpoints. One per token endpoint, so
 * an adviser's and a client's sign-in in one browser do not overwrite each other.
 */
export const refreshTokenCookies: Record<TokenAudience, string> = {
  admin: 'waratah-admin-refresh',
  user: 'waratah-refresh',
};

const cookiePath = '/oauth';

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
 * A cookie is set or read only for a request from the tenant's portal: its `Origin` must be the
 * portal's (or this host's own). A browser always sends Origin with a POST, so a form on another
 * page cannot sign a visitor's portal into someone else's account, or spend their refresh token.
 */
export function requirePortalOrigin(request: FastifyRequest, tenantId: TenantId): void {
  if (!isPortalOrigin(request, tenantId))
    throw new OAuthError(
      'invalid_request',
      "The refresh token cookie is only for the tenant's portal: the request's Origin must be the portal's",
    );
}

export function isPortalOrigin(request: FastifyRequest, tenantId: TenantId): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const own = `${request.protocol}://${request.host}`;
  return origin === own || origin === portalOrigin(request, tenantId);
}

export function setRefreshTokenCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  audience: TokenAudience,
  token: string,
): void {
  reply.setCookie(refreshTokenCookies[audience], token, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: request.server.authSettings.refreshTokenTtlSeconds,
  });
}

export function clearRefreshTokenCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  audience: TokenAudience,
): void {
  reply.clearCookie(refreshTokenCookies[audience], {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}
