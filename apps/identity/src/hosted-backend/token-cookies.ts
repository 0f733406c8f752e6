import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { refreshTokenTtl } from '../provider/identity-ttl.ts';

/** The cookies of FusionAuth's hosted backend, by the names its clients (and the portal's) read. */
export const tokenCookies = {
  accessToken: 'app.at',
  refreshToken: 'app.rt',
  idToken: 'app.idt',
  accessTokenExpiry: 'app.at_exp',
} as const;

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  id_token?: string;
  refresh_token?: string;
}

/**
 * Where the cookies go: `Secure` over HTTPS; on a hosted host, the access token and its expiry on
 * the environment's cookie domain (`TenantIdentity.cookieDomain`), so that the API host gets
 * `app.at` and the portal's scripts read `app.at_exp`. The refresh and ID tokens stay on the
 * sign-in host, the only one that reads them (`/app/refresh/`, `/app/logout/`). Locally every
 * cookie stays on the host that set it, which serves the portal and the API too.
 */
export interface CookieScope {
  secure: boolean;
  domain: string | undefined;
}

export function cookieScope(
  request: FastifyRequest,
  { cookieDomain }: { cookieDomain?: string },
): CookieScope {
  return { secure: request.protocol === 'https', domain: cookieDomain };
}

function options({ secure, domain }: CookieScope, httpOnly: boolean, maxAge: number): CookieSerializeOptions {
  return { ...(domain !== undefined && { domain }), path: '/', sameSite: 'lax', secure, httpOnly, maxAge };
}

/** The cookies the portal's other hosts need, set on the cookie domain. */
const sharedCookies: readonly string[] = [tokenCookies.accessToken, tokenCookies.accessTokenExpiry];

/**
 * The tokens as cookies: the access and refresh tokens out of the reach of scripts; the ID token
 * and the access token's expiry (epoch seconds) readable, since the portal derives its signed-in
 * state from `app.at_exp` (spec §4).
 */
export function setTokenCookies(reply: FastifyReply, tokens: TokenResponse, scope: CookieScope): void {
  const expiresAt = accessTokenExpiry(tokens);
  const hostOnly: CookieScope = { secure: scope.secure, domain: undefined };
  // A copy left on the host alone (set before the domain was) would be sent first and win: gone.
  if (scope.domain !== undefined) {
    for (const name of sharedCookies)
      reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: scope.secure });
  }
  reply.setCookie(tokenCookies.accessToken, tokens.access_token, options(scope, true, tokens.expires_in));
  reply.setCookie(
    tokenCookies.accessTokenExpiry,
    String(expiresAt),
    options(scope, false, tokens.expires_in),
  );
  if (tokens.id_token) {
    reply.setCookie(tokenCookies.idToken, tokens.id_token, options(hostOnly, false, tokens.expires_in));
  }
  if (tokens.refresh_token) {
    reply.setCookie(
      tokenCookies.refreshToken,
      tokens.refresh_token,
      options(hostOnly, true, refreshTokenTtl()),
    );
  }
}

/** The access token's own `exp`, so the cookie and the token never disagree; else now + `expires_in`. */
function accessTokenExpiry(tokens: TokenResponse): number {
  try {
    const { exp } = decodeJwt(tokens.access_token);
    if (typeof exp === 'number') return exp;
  } catch {
    // not a JWT: fall back on expires_in
  }
  return Math.floor(Date.now() / 1000) + tokens.expires_in;
}

/** Clears every one of them, on the cookie domain as well as on the host. */
export function clearTokenCookies(reply: FastifyReply, { secure, domain }: CookieScope): void {
  for (const name of Object.values(tokenCookies)) {
    if (domain !== undefined) reply.clearCookie(name, { domain, path: '/', sameSite: 'lax', secure });
    reply.clearCookie(name, { path: '/', sameSite: 'lax', secure });
  }
}
