import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInDeviceTtlSeconds } from '../../rate-limit/sign-in-devices.ts';
import type { TokenAudience } from './grants/token-audience.ts';
import { oauthCookiePath } from './refresh-token-cookie.ts';

/**
 * The cookie by which a token endpoint knows a portal's browser that signed in to an account
 * before (rate-limit/sign-in-devices.ts): its failed sign-ins count against that browser, not the
 * account, so strangers' failures do not lock the owner out. One per endpoint, as the refresh
 * token's; set only for the tenant's own portal (its Origin), HttpOnly, `SameSite=Strict`, and
 * over HTTPS `__Host-` (Secure, `Path=/`); over plain HTTP it goes to `/oauth` only.
 */
const cookieNames: Record<TokenAudience, string> = {
  admin: 'waratah-admin-device',
  user: 'waratah-device',
};

export function signInDeviceCookieName(request: FastifyRequest, audience: TokenAudience): string {
  return request.protocol === 'https' ? `__Host-${cookieNames[audience]}` : cookieNames[audience];
}

export function setSignInDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  audience: TokenAudience,
  token: string,
): void {
  reply.setCookie(signInDeviceCookieName(request, audience), token, {
    path: oauthCookiePath(request),
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: signInDeviceTtlSeconds,
  });
}
