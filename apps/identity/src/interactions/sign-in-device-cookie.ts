import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookie by which the sign-in form knows a browser that signed in to an account before: its
 * failed sign-ins are counted against that browser, not the account (the host's `SignInGuard`), so
 * strangers' failures do not lock the account's owner out of the browser they always use. HttpOnly
 * and host-only; over HTTPS `__Host-` (Secure, `Path=/`), so no sibling host can plant one.
 */
export function signInDeviceCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? '__Host-waratah-sign-in-device' : 'waratah-sign-in-device';
}

/** The browser's device cookie, or undefined. */
export function signInDeviceOf(request: FastifyRequest): string | undefined {
  return request.cookies[signInDeviceCookieName(request)];
}

/**
 * Sets the device cookie on the raw response: the sign-in's answer is written by the OpenID
 * provider after `reply.hijack()`, which sends no header set through Fastify's reply.
 */
export function setSignInDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  device: { token: string; maxAgeSeconds: number },
): void {
  const secure = request.protocol === 'https';
  reply.raw.appendHeader(
    'set-cookie',
    request.server.serializeCookie(signInDeviceCookieName(request), device.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: device.maxAgeSeconds,
    }),
  );
}
